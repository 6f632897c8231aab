import * as adminsRepo from '@shop/db/admins'
import type { Db } from '@shop/db/client'
import * as resetTokensRepo from '@shop/db/reset-tokens'
import * as sessionsRepo from '@shop/db/sessions'
import * as twoFactorRepo from '@shop/db/two-factor'
import type { LoginChallenge, TwoFactorLoginInput } from '@shop/schema/accounts'
import {
  type Admin,
  type ForgotPasswordResult,
  type LoginInput,
  MAX_USERNAME_LENGTH,
  type ResetPasswordInput,
} from '@shop/schema/auth'
import type { AppDeps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { type Actor, actorOf, audit, loggedText, unknownUserActor } from '../../lib/audit'
import { getDummyHash, hashPassword, hashToken, randomToken, verifyPassword } from '../../lib/crypto'
import {
  countRequest,
  FORGOT_PASSWORD_LIMIT,
  LOGIN_LIMIT,
  TWO_FACTOR_LIMIT,
  uncountRequest,
} from '../../lib/rate-limit'
import { queuePasswordResetMail } from '../outbox/outbox-mails'
import { checkTotp, hashRecoveryCode } from './totp'

export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000
export const RESET_TOKEN_TTL_MS = 15 * 60_000
/** How long an invited admin's set-password link works. */
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000
/** From a right password to the second factor. */
export const CHALLENGE_TTL_MS = 5 * 60_000
/** A session's last use is written at most this often (one UPDATE a minute per session, not one per request). */
const TOUCH_EVERY_MS = 60_000

export const INVALID_LOGIN = 'Invalid username or password'
export const FORGOT_PASSWORD_MESSAGE =
  'If an account with that email exists, we have sent a link to reset your password. The link is valid for 15 minutes.'
export const RESET_LINK_INVALID = 'The reset link is invalid or has expired. Please request a new password reset.'
export const ACCOUNT_DISABLED = 'This account has been disabled. Ask an owner of the shop to enable it again.'
export const TWO_FACTOR_PROMPT = 'Enter the 6-digit code from your authenticator app'
export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please log in again.'
export const INVALID_CODE =
  'Invalid code. Check the time on your device and enter the current code; each code works once.'
export const INVALID_RECOVERY_CODE = 'Invalid recovery code, or it has been used already'

export interface Session {
  token: string
  admin: Admin
  expiresAt: Date
}

/** Where a request comes from: its address and browser (kept with the session and in the audit log). */
export interface ClientInfo {
  ip: string
  userAgent: string
}

/** Opens a session for the admin and writes the sign-in into the audit log. */
async function openSession(db: Db, admin: Admin, client: ClientInfo, method: string): Promise<Session> {
  const token = randomToken()
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
  await db.transaction().execute(async (tx) => {
    await sessionsRepo.insert(tx, {
      tokenHash: hashToken(token),
      adminId: admin.id,
      expiresAt: expiresAt.toISOString(),
      ip: client.ip,
      userAgent: client.userAgent,
    })
    await audit(tx, actorOf(admin, client.ip), { action: 'signed in', entity: 'session', changes: { method } })
  })
  return { token, admin: { id: admin.id, username: admin.username, email: admin.email, name: admin.name }, expiresAt }
}

function auditFailedSignIn(db: Db, actor: Actor, changes: { reason: string; username?: string }) {
  return audit(db, actor, { action: 'sign-in failed', entity: 'session', changes })
}

/**
 * Checks the credentials and opens a session. Unknown users cost the same scrypt work as wrong passwords, and
 * both get the same answer, so a login reveals nothing about which usernames exist. The attempt is counted
 * before the password is checked and given back when it was right, so concurrent guesses cannot outrun the limit.
 */
export async function login(
  { db, rateLimits }: Pick<AppDeps, 'db' | 'rateLimits'>,
  input: LoginInput,
  client: ClientInfo,
): Promise<Session | LoginChallenge> {
  await countRequest(rateLimits, LOGIN_LIMIT, client.ip)
  const admin = await adminsRepo.findByUsername(db, input.username)
  let isValid: boolean
  try {
    isValid = admin
      ? await verifyPassword(input.password, admin.passwordHash)
      : await verifyPassword(input.password, await getDummyHash()).then(() => false)
  } catch (error) {
    // Not checked (the server was too busy): the attempt does not count against the client.
    await uncountRequest(rateLimits, LOGIN_LIMIT, client.ip)
    throw error
  }
  if (!admin) {
    // Anyone can type anything here, without signing in: the typed name is recorded only as a fact of an entry
    // that names no admin, escaped so that it cannot pass for a line of the log or for an admin.
    await auditFailedSignIn(db, unknownUserActor(client.ip), {
      reason: 'unknown username',
      username: loggedText(input.username, MAX_USERNAME_LENGTH),
    })
    throw new AppError('UNAUTHORIZED', INVALID_LOGIN)
  }
  if (!isValid) {
    await auditFailedSignIn(db, actorOf(admin, client.ip), { reason: 'wrong password' })
    throw new AppError('UNAUTHORIZED', INVALID_LOGIN)
  }
  if (admin.disabled) {
    await auditFailedSignIn(db, actorOf(admin, client.ip), { reason: 'account disabled' })
    throw new AppError('UNAUTHORIZED', ACCOUNT_DISABLED)
  }
  await uncountRequest(rateLimits, LOGIN_LIMIT, client.ip)
  if (admin.totpEnabled) {
    const challenge = randomToken()
    await twoFactorRepo.insertChallenge(db, {
      tokenHash: hashToken(challenge),
      adminId: admin.id,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS).toISOString(),
    })
    return { message: TWO_FACTOR_PROMPT, twoFactorRequired: true, challenge }
  }
  return openSession(db, admin, client, 'password')
}

/**
 * The second step of a login: a current TOTP code (one step of clock drift either way; a code of a step already
 * used is refused) or one of the admin's unused recovery codes. Counted against the client and the admin like a
 * password, given back when right.
 */
export async function loginTwoFactor(
  { db, rateLimits }: Pick<AppDeps, 'db' | 'rateLimits'>,
  input: TwoFactorLoginInput,
  client: ClientInfo,
): Promise<Session> {
  await countRequest(rateLimits, TWO_FACTOR_LIMIT, client.ip)
  const challengeHash = hashToken(input.challenge)
  const adminId = await twoFactorRepo.findChallenge(db, challengeHash, new Date().toISOString())
  const admin = adminId === undefined ? undefined : await adminsRepo.findById(db, adminId)
  if (!admin || admin.disabled || !admin.totpEnabled || !admin.totpSecret) {
    throw new AppError('UNAUTHORIZED', CHALLENGE_EXPIRED)
  }
  await countRequest(rateLimits, TWO_FACTOR_LIMIT, `admin:${admin.id}`)
  let method: string
  if (input.code !== undefined) {
    const step = checkTotp(input.code, admin.totpSecret)
    if (step === undefined || !(await adminsRepo.claimTotpStep(db, admin.id, step))) {
      await auditFailedSignIn(db, actorOf(admin, client.ip), { reason: 'wrong or reused code' })
      throw new AppError('UNAUTHORIZED', INVALID_CODE)
    }
    method = 'password and code'
  } else {
    const isKnown = await twoFactorRepo.consumeRecoveryCode(
      db,
      admin.id,
      hashRecoveryCode(admin.id, input.recoveryCode ?? ''),
    )
    if (!isKnown) {
      await auditFailedSignIn(db, actorOf(admin, client.ip), { reason: 'wrong or used recovery code' })
      throw new AppError('UNAUTHORIZED', INVALID_RECOVERY_CODE)
    }
    method = 'password and recovery code'
  }
  // A challenge opens one session: a second request with it (even a right code) finds it gone.
  if (!(await twoFactorRepo.removeChallenge(db, challengeHash))) throw new AppError('UNAUTHORIZED', CHALLENGE_EXPIRED)
  await uncountRequest(rateLimits, TWO_FACTOR_LIMIT, client.ip)
  await uncountRequest(rateLimits, TWO_FACTOR_LIMIT, `admin:${admin.id}`)
  return openSession(db, admin, client, method)
}

/**
 * The admin of a valid session (nothing cached: a disabled admin or an ended session is refused by every process
 * at once). Its last use and address are written at most once a minute.
 */
export async function authenticate(db: Db, token: string, ip: string): Promise<sessionsRepo.SessionAdmin | undefined> {
  const now = new Date()
  const admin = await sessionsRepo.findAdminByTokenHash(db, hashToken(token), now.toISOString())
  if (admin && (!admin.lastSeenAt || now.getTime() - Date.parse(admin.lastSeenAt) >= TOUCH_EVERY_MS)) {
    await sessionsRepo.touch(db, admin.sessionId, { now: now.toISOString(), ip })
  }
  return admin
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
 * when the reset mail is sent. An invited admin's link (their first password) works for INVITE_TOKEN_TTL_MS.
 */
export async function issueResetLink(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  adminId: number,
  options: { invite?: boolean } = {},
): Promise<{ token: string; resetLink: string } | undefined> {
  const token = randomToken()
  const issued = await db.transaction().execute(async (tx) => {
    await resetTokensRepo.removeUnusedForAdmin(tx, adminId)
    if (!(await adminsRepo.exists(tx, adminId))) return false
    await resetTokensRepo.insert(tx, {
      tokenHash: hashToken(token),
      adminId,
      purpose: options.invite ? 'invite' : 'reset',
      expiresAt: new Date(Date.now() + (options.invite ? INVITE_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS)).toISOString(),
    })
    return true
  })
  return issued ? resetLinkFor(config.publicUrl, token) : undefined
}

/**
 * Sets the new password and ends every session of the admin; the token works once. Whoever holds the link becomes
 * the admin, so the audit log records it as that admin's act, with the address and the kind of link (a leaked
 * link used by someone else then shows as such, not only as their next sign-in), in the same transaction.
 */
export async function resetPassword(db: Db, input: ResetPasswordInput, ip: string): Promise<void> {
  const passwordHash = await hashPassword(input.password)
  await db.transaction().execute(async (tx) => {
    const link = await resetTokensRepo.consume(tx, hashToken(input.token), new Date().toISOString())
    const admin = link && (await adminsRepo.findById(tx, link.adminId))
    if (!link || !admin) throw new AppError('BAD_REQUEST', RESET_LINK_INVALID)
    await adminsRepo.updatePassword(tx, admin.id, passwordHash)
    await sessionsRepo.removeAllForAdmin(tx, admin.id)
    await audit(tx, actorOf(admin, ip), {
      action: 'set password',
      entity: 'admin',
      entityId: admin.id,
      changes: { via: link.purpose === 'invite' ? 'invitation link' : 'reset link' },
    })
  })
}
