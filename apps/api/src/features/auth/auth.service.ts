import * as adminsRepo from '@shop/db/admins'
import type { Db } from '@shop/db/client'
import * as resetTokensRepo from '@shop/db/reset-tokens'
import * as sessionsRepo from '@shop/db/sessions'
import type { Admin, ForgotPasswordResult, LoginInput, ResetPasswordInput } from '@shop/schema/auth'
import type { AppDeps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { getDummyHash, hashPassword, hashToken, randomToken, verifyPassword } from '../../lib/crypto'
import { queuePasswordResetMail } from '../outbox/outbox-mails'
import { countRequest, FORGOT_PASSWORD_LIMIT, LOGIN_LIMIT, uncountRequest } from './rate-limit'

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
 * both get the same answer, so a login reveals nothing about which usernames exist. The attempt is counted
 * before the password is checked and given back when it was right, so concurrent guesses cannot outrun the limit.
 */
export async function login(
  { db, rateLimits }: Pick<AppDeps, 'db' | 'rateLimits'>,
  input: LoginInput,
  client: string,
): Promise<Session> {
  await countRequest(rateLimits, LOGIN_LIMIT, client)
  const admin = await adminsRepo.findByUsername(db, input.username)
  let isValid: boolean
  try {
    isValid = admin
      ? await verifyPassword(input.password, admin.passwordHash)
      : await verifyPassword(input.password, await getDummyHash()).then(() => false)
  } catch (error) {
    // Not checked (the server was too busy): the attempt does not count against the client.
    await uncountRequest(rateLimits, LOGIN_LIMIT, client)
    throw error
  }
  if (!admin || !isValid) throw new AppError('UNAUTHORIZED', INVALID_LOGIN)
  await uncountRequest(rateLimits, LOGIN_LIMIT, client)
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

export const RESET_FALLBACK_NOTE =
  'No mail server is configured, so the email could not be sent. Use the link below to reset your password.'

/**
 * Sends a single-use reset link valid for 15 minutes. The answer never tells whether the address is known: it is
 * given before any work that depends on the address (looking it up, queueing the mail) is done, in the
 * background, so known and unknown addresses get the same bytes in the same time.
 *
 * The mail goes through the outbox: its link is made when it is sent (features/outbox), so the link is valid for
 * 15 minutes from then, and no secret waits in the database. Without a mail server the sender writes the link to
 * the server log for the operator. Only under `pnpm dev` (development mode, no SMTP) does the answer carry it
 * (the spec's fallback); an unknown address then gets a link of the same shape that opens nothing.
 */
export async function forgotPassword(
  deps: Pick<AppDeps, 'db' | 'config' | 'rateLimits' | 'background' | 'mailSender'>,
  email: string,
  client: string,
): Promise<ForgotPasswordResult> {
  await countRequest(deps.rateLimits, FORGOT_PASSWORD_LIMIT, client)
  const result: ForgotPasswordResult = { message: FORGOT_PASSWORD_MESSAGE }
  const admins = () => adminsRepo.findManyByEmail(deps.db, email)
  if (deps.config.revealsResetLinks) {
    const [admin] = await admins()
    const link = (admin && (await issueResetLink(deps, admin.id))) || resetLinkFor(deps.config.publicUrl, randomToken())
    return { ...result, token: link.token, resetLink: link.resetLink, note: RESET_FALLBACK_NOTE }
  }
  deps.background.run('password reset mail', async () => {
    const found = await admins()
    if (found.length === 0) return
    await deps.db.transaction().execute(async (tx) => {
      for (const admin of found) await queuePasswordResetMail(tx, admin)
    })
    deps.mailSender.kick()
  })
  return result
}

function resetLinkFor(publicUrl: string, token: string) {
  return { token, resetLink: `${publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}` }
}

/**
 * A new reset link for the admin (older unused ones stop working), or undefined when the admin is gone. Called
 * when the reset mail is sent.
 */
export async function issueResetLink(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  adminId: number,
): Promise<{ token: string; resetLink: string } | undefined> {
  const token = randomToken()
  const issued = await db.transaction().execute(async (tx) => {
    await resetTokensRepo.removeUnusedForAdmin(tx, adminId)
    if (!(await adminsRepo.exists(tx, adminId))) return false
    await resetTokensRepo.insert(tx, {
      tokenHash: hashToken(token),
      adminId,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString(),
    })
    return true
  })
  return issued ? resetLinkFor(config.publicUrl, token) : undefined
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
