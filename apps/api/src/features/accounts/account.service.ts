import * as adminsRepo from '@shop/db/admins'
import type { SessionAdmin } from '@shop/db/sessions'
import * as sessionsRepo from '@shop/db/sessions'
import * as twoFactorRepo from '@shop/db/two-factor'
import type { Account, RecoveryCodes, Session, TwoFactorSetup } from '@shop/schema/accounts'
import type { AppDeps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { type Actor, actorOf, audit } from '../../lib/audit'
import { hashPassword, verifyPassword } from '../../lib/crypto'
import { countRequest, TWO_FACTOR_LIMIT, uncountRequest } from '../../lib/rate-limit'
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../../lib/request-admin'
import { INVALID_CODE } from '../auth/auth.service'
import { checkTotp, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUrl, qrSvg } from '../auth/totp'
import { getShopSettings } from '../settings/settings.service'

export { actorOf }

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect'
export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on'
export const TWO_FACTOR_NOT_STARTED = 'Start again: show a new QR code and scan it'
export const TWO_FACTOR_OFF = 'Two-factor sign-in is not on'
export const SESSION_NOT_FOUND = 'Session not found'

async function adminRow(db: AppDeps['db'], id: number) {
  const admin = await adminsRepo.findById(db, id)
  // The session was valid a moment ago; the admin was deleted since.
  if (!admin) throw new AppError('UNAUTHORIZED', AUTHENTICATION_REQUIRED_MESSAGE)
  return admin
}

export async function getAccount(db: AppDeps['db'], session: SessionAdmin): Promise<Account> {
  const recoveryCodesLeft = await twoFactorRepo.countUnusedRecoveryCodes(db, session.id)
  return {
    id: session.id,
    username: session.username,
    email: session.email,
    name: session.name,
    role: session.role,
    twoFactor: session.twoFactor,
    recoveryCodesLeft: session.twoFactor ? recoveryCodesLeft : 0,
    mustEnableTwoFactor: session.requireTwoFactor && !session.twoFactor,
  }
}

/**
 * Checks a password of the signed-in admin, counted like a login (per admin: a stolen session cannot guess the
 * password faster than a login could); a wrong one is a 400, as the session itself is fine.
 */
async function checkOwnPassword(deps: Pick<AppDeps, 'rateLimits'>, passwordHash: string, password: string, id: number) {
  const key = `account:${id}`
  await countRequest(deps.rateLimits, TWO_FACTOR_LIMIT, key)
  if (!(await verifyPassword(password, passwordHash))) throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD)
  await uncountRequest(deps.rateLimits, TWO_FACTOR_LIMIT, key)
}

/** Sets a new password (the current one required) and ends the admin's other sessions. */
export async function changePassword(
  deps: Pick<AppDeps, 'db' | 'rateLimits'>,
  session: SessionAdmin,
  actor: Actor,
  input: { currentPassword: string; password: string },
): Promise<void> {
  const admin = await adminRow(deps.db, session.id)
  await checkOwnPassword(deps, admin.passwordHash, input.currentPassword, admin.id)
  const passwordHash = await hashPassword(input.password)
  await deps.db.transaction().execute(async (tx) => {
    await adminsRepo.updatePassword(tx, admin.id, passwordHash)
    await sessionsRepo.removeOthersForAdmin(tx, admin.id, session.sessionId)
    await audit(tx, actor, { action: 'changed password', entity: 'admin', entityId: admin.id })
  })
}

/** A new secret (replacing any unconfirmed one) and its QR code; two-factor sign-in is on once a code confirms it. */
export async function startTwoFactor(
  deps: Pick<AppDeps, 'db' | 'config'>,
  session: SessionAdmin,
): Promise<TwoFactorSetup> {
  const admin = await adminRow(deps.db, session.id)
  if (admin.totpEnabled) throw new AppError('CONFLICT', TWO_FACTOR_ALREADY_ON)
  const secret = newTotpSecret()
  await adminsRepo.setPendingTotpSecret(deps.db, admin.id, secret)
  const settings = await getShopSettings(deps.db, deps.config)
  const url = otpauthUrl(admin.username, secret, settings.name || 'Shop')
  return { secret, otpauthUrl: url, qrSvg: await qrSvg(url) }
}

/**
 * Confirms the new secret with a code of it; answers ten recovery codes, shown once and stored hashed. The
 * password is checked first, as for turning it off: a session alone (a stolen one) must not be able to tie the
 * account to another authenticator and so lock its owner out.
 */
export async function enableTwoFactor(
  deps: Pick<AppDeps, 'db' | 'rateLimits'>,
  session: SessionAdmin,
  actor: Actor,
  input: { password: string; code: string },
): Promise<RecoveryCodes> {
  const admin = await adminRow(deps.db, session.id)
  if (admin.totpEnabled) throw new AppError('CONFLICT', TWO_FACTOR_ALREADY_ON)
  if (!admin.totpSecret) throw new AppError('CONFLICT', TWO_FACTOR_NOT_STARTED)
  await checkOwnPassword(deps, admin.passwordHash, input.password, admin.id)
  const key = `account:${admin.id}`
  await countRequest(deps.rateLimits, TWO_FACTOR_LIMIT, key)
  const step = checkTotp(input.code, admin.totpSecret)
  if (step === undefined) throw new AppError('BAD_REQUEST', INVALID_CODE)
  await uncountRequest(deps.rateLimits, TWO_FACTOR_LIMIT, key)
  const codes = newRecoveryCodes()
  await deps.db.transaction().execute(async (tx) => {
    await adminsRepo.enableTotp(tx, admin.id, step)
    await twoFactorRepo.replaceRecoveryCodes(
      tx,
      admin.id,
      codes.map((recoveryCode) => hashRecoveryCode(admin.id, recoveryCode)),
    )
    await audit(tx, actor, { action: 'turned on two-factor sign-in', entity: 'admin', entityId: admin.id })
  })
  return {
    message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, instead of a code.',
    recoveryCodes: codes,
  }
}

/** Turns two-factor sign-in off: the password and a current code (not one used before) are both required. */
export async function disableTwoFactor(
  deps: Pick<AppDeps, 'db' | 'rateLimits'>,
  session: SessionAdmin,
  actor: Actor,
  input: { password: string; code: string },
): Promise<void> {
  const admin = await adminRow(deps.db, session.id)
  if (!admin.totpEnabled || !admin.totpSecret) throw new AppError('CONFLICT', TWO_FACTOR_OFF)
  await checkOwnPassword(deps, admin.passwordHash, input.password, admin.id)
  const step = checkTotp(input.code, admin.totpSecret)
  if (step === undefined || !(await adminsRepo.claimTotpStep(deps.db, admin.id, step))) {
    await countRequest(deps.rateLimits, TWO_FACTOR_LIMIT, `account:${admin.id}`)
    throw new AppError('BAD_REQUEST', INVALID_CODE)
  }
  await deps.db.transaction().execute(async (tx) => {
    await adminsRepo.disableTotp(tx, admin.id)
    await twoFactorRepo.replaceRecoveryCodes(tx, admin.id, [])
    await audit(tx, actor, { action: 'turned off two-factor sign-in', entity: 'admin', entityId: admin.id })
  })
}

/** A short name of a browser from its User-Agent: "Firefox on Linux". */
export function deviceOf(userAgent: string): string {
  if (!userAgent) return 'Unknown device'
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : (userAgent.split(/[\s/]/)[0] ?? 'Unknown browser')
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : undefined
  return system ? `${browser} on ${system}` : browser
}

export async function listSessions(db: AppDeps['db'], session: SessionAdmin): Promise<Session[]> {
  const rows = await sessionsRepo.listForAdmin(db, session.id, new Date().toISOString())
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.id === session.sessionId,
  }))
}

export async function revokeSession(db: AppDeps['db'], session: SessionAdmin, actor: Actor, id: number) {
  await db.transaction().execute(async (tx) => {
    if (!(await sessionsRepo.removeForAdmin(tx, session.id, id))) throw new AppError('NOT_FOUND', SESSION_NOT_FOUND)
    await audit(tx, actor, { action: 'signed out a session', entity: 'session', entityId: id })
  })
}

export async function revokeOtherSessions(db: AppDeps['db'], session: SessionAdmin, actor: Actor): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const ended = await sessionsRepo.removeOthersForAdmin(tx, session.id, session.sessionId)
    await audit(tx, actor, { action: 'signed out other sessions', entity: 'session', changes: { ended } })
    return ended
  })
}
