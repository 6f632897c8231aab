import * as adminsRepo from '@shop/db/admins'
import type { Db } from '@shop/db/client'
import * as resetTokensRepo from '@shop/db/reset-tokens'
import * as sessionsRepo from '@shop/db/sessions'
import type { Admin, ForgotPasswordResult, LoginInput, ResetPasswordInput } from '@shop/schema/auth'
import type { AppDeps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { getDummyHash, hashPassword, hashToken, randomToken, verifyPassword } from '../../lib/crypto'
import { assertNotLimited, countRequest, FORGOT_PASSWORD_LIMIT, LOGIN_LIMIT } from './rate-limit'
import { renderResetMail } from './reset-mail'

export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000
export const RESET_TOKEN_TTL_MS = 15 * 60_000

export const INVALID_LOGIN = 'Invalid username or password'
export const FORGOT_PASSWORD_MESSAGE =
  'If an account with that email exists, we have sent a link to reset your password. The link is valid for 15 minutes.'
export const RESET_LINK_INVALID = 'The reset link is invalid or has expired. Please request a new password reset.'

export interface Session {
  token: string
  admin: Admin
  expiresAt: Date
}

/**
 * Checks the credentials and opens a session. Unknown users cost the same scrypt work as wrong passwords, and
 * both get the same answer, so a login reveals nothing about which usernames exist.
 */
export async function login(
  { db, rateLimits }: Pick<AppDeps, 'db' | 'rateLimits'>,
  input: LoginInput,
  client: string,
): Promise<Session> {
  await assertNotLimited(rateLimits, LOGIN_LIMIT, client)
  const admin = await adminsRepo.findByUsername(db, input.username)
  const isValid = admin
    ? await verifyPassword(input.password, admin.passwordHash)
    : await verifyPassword(input.password, await getDummyHash()).then(() => false)
  if (!admin || !isValid) {
    await countRequest(rateLimits, LOGIN_LIMIT, client)
    throw new AppError('UNAUTHORIZED', INVALID_LOGIN)
  }
  const token = randomToken()
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
  await sessionsRepo.insert(db, { tokenHash: hashToken(token), adminId: admin.id, expiresAt: expiresAt.toISOString() })
  const { passwordHash: _, ...publicAdmin } = admin
  return { token, admin: publicAdmin, expiresAt }
}

export function authenticate(db: Db, token: string): Promise<Admin | undefined> {
  return sessionsRepo.findAdminByTokenHash(db, hashToken(token), new Date().toISOString())
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await sessionsRepo.removeByTokenHash(db, hashToken(token))
}

/**
 * Sends a single-use reset link valid for 15 minutes. The answer is the same whether the address is known or
 * not. Without a mail server, outside production, the link comes back in the answer (the spec's fallback);
 * in production it goes to the server log for the operator instead.
 */
export async function forgotPassword(
  deps: AppDeps & { log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void } },
  email: string,
  client: string,
): Promise<ForgotPasswordResult> {
  const { db, config, mailer, log, rateLimits } = deps
  await countRequest(rateLimits, FORGOT_PASSWORD_LIMIT, client)
  const result: ForgotPasswordResult = { message: FORGOT_PASSWORD_MESSAGE }
  const admins = await adminsRepo.findManyByEmail(db, email)
  for (const admin of admins) {
    const token = randomToken()
    await db.transaction().execute(async (tx) => {
      // A new link makes older unused links of this admin useless.
      await resetTokensRepo.removeUnusedForAdmin(tx, admin.id)
      await resetTokensRepo.insert(tx, {
        tokenHash: hashToken(token),
        adminId: admin.id,
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString(),
      })
    })
    const resetLink = `${config.publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}`
    if (mailer.isConfigured) {
      const mail = renderResetMail({ shopName: config.shop.name, adminName: admin.name, resetLink })
      // A mail failure must not tell the client whether the address exists: log it and answer as usual.
      await mailer
        .send({ to: admin.email, ...mail })
        .catch((error: unknown) => log.error({ err: error, adminId: admin.id }, 'password reset mail failed'))
    } else if (!config.isProduction) {
      result.token = token
      result.resetLink = resetLink
      result.note =
        'No mail server is configured, so the email could not be sent. Use the link below to reset your password.'
    } else {
      log.info({ adminId: admin.id, resetLink }, 'password reset requested; no SMTP configured, link logged')
    }
  }
  return result
}

/** Sets the new password and ends every session of the admin; the token works once. */
export async function resetPassword(db: Db, input: ResetPasswordInput): Promise<void> {
  const passwordHash = await hashPassword(input.password)
  await db.transaction().execute(async (tx) => {
    const adminId = await resetTokensRepo.consume(tx, hashToken(input.token), new Date().toISOString())
    if (adminId === undefined) throw new AppError('BAD_REQUEST', RESET_LINK_INVALID)
    await adminsRepo.updatePassword(tx, adminId, passwordHash)
    await sessionsRepo.removeAllForAdmin(tx, adminId)
  })
}
