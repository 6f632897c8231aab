import * as adminsRepo from '@shop/db/admins'
import type { Db } from '@shop/db/client'
import * as resetTokensRepo from '@shop/db/reset-tokens'
import * as sessionsRepo from '@shop/db/sessions'
import type { Admin, ForgotPasswordResult, LoginInput, ResetPasswordInput } from '@shop/schema/auth'
import type { AppDeps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { getDummyHash, hashPassword, hashToken, randomToken, verifyPassword } from '../../lib/crypto'
import { countRequest, FORGOT_PASSWORD_LIMIT, LOGIN_LIMIT, uncountRequest } from './rate-limit'
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

interface Log {
  info: (obj: object, msg: string) => void
}

export const RESET_FALLBACK_NOTE =
  'No mail server is configured, so the email could not be sent. Use the link below to reset your password.'

/**
 * Sends a single-use reset link valid for 15 minutes. The answer never tells whether the address is known: it is
 * given before any work that depends on the address (looking it up, the token, the mail) is done, in the
 * background, so known and unknown addresses get the same bytes in the same time.
 *
 * Without a mail server the link goes to the server log for the operator. Only under `pnpm dev` (development
 * mode, no SMTP) does the answer carry it (the spec's fallback); an unknown address then gets a link of the same
 * shape that opens nothing, so even that answer tells nothing.
 */
export async function forgotPassword(
  deps: AppDeps & { log: Log },
  email: string,
  client: string,
): Promise<ForgotPasswordResult> {
  await countRequest(deps.rateLimits, FORGOT_PASSWORD_LIMIT, client)
  const result: ForgotPasswordResult = { message: FORGOT_PASSWORD_MESSAGE }
  if (deps.config.revealsResetLinks) {
    const links = await issueResetLinks(deps, email)
    const link = links[0] ?? resetLinkFor(deps.config.publicUrl, randomToken())
    return { ...result, token: link.token, resetLink: link.resetLink, note: RESET_FALLBACK_NOTE }
  }
  deps.background.run('password reset mail', async () => {
    for (const { admin, resetLink } of await issueResetLinks(deps, email)) {
      if (deps.mailer.isConfigured) {
        const mail = renderResetMail({ shopName: deps.config.shop.name, adminName: admin.name, resetLink })
        await deps.mailer.send({ to: admin.email, ...mail })
      } else {
        deps.log.info({ adminId: admin.id, resetLink }, 'password reset requested; no SMTP configured, link logged')
      }
    }
  })
  return result
}

function resetLinkFor(publicUrl: string, token: string) {
  return { token, resetLink: `${publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}` }
}

/** A new reset token for every admin with this address (older unused ones stop working). */
async function issueResetLinks({ db, config }: Pick<AppDeps, 'db' | 'config'>, email: string) {
  const admins = await adminsRepo.findManyByEmail(db, email)
  const links = []
  for (const admin of admins) {
    const token = randomToken()
    await db.transaction().execute(async (tx) => {
      await resetTokensRepo.removeUnusedForAdmin(tx, admin.id)
      await resetTokensRepo.insert(tx, {
        tokenHash: hashToken(token),
        adminId: admin.id,
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString(),
      })
    })
    links.push({ admin, ...resetLinkFor(config.publicUrl, token) })
  }
  return links
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
