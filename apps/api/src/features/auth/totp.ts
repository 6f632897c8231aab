import { createHash, randomInt } from 'node:crypto'
import { authenticator } from 'otplib'
import QRCode from 'qrcode'

/**
 * TOTP (RFC 6238) as authenticator apps use it: SHA-1, 6 digits, 30-second steps; a code of the step before or
 * after the server's is accepted too (one step of clock drift).
 */
const totp = authenticator.clone({ step: 30, digits: 6, window: 1 })
const STEP_MS = 30_000

export function newTotpSecret(): string {
  return totp.generateSecret(20)
}

/** The step (counter) of the code if it is right now, give or take one step; undefined when it is not. */
export function checkTotp(code: string, secret: string, now = Date.now()): number | undefined {
  const delta = totp.clone({ epoch: now }).checkDelta(code, secret)
  if (delta === null) return undefined
  return Math.floor(now / STEP_MS) + delta
}

export function otpauthUrl(username: string, secret: string, issuer: string): string {
  return totp.keyuri(username, issuer, secret)
}

/** The QR code of an otpauth URL as SVG text, drawn here (no outside service sees the secret). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
}

// Letters and digits without 0/o, 1/l/i: a code read off paper is typed right.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Ten recovery codes, xxxxx-xxxxx (50 random bits each). */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('')
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
}

/** Stored as a hash bound to the admin; the code is compared without its hyphen, lower case. */
export function hashRecoveryCode(adminId: number, code: string): string {
  const normal = code.replace(/[\s-]/g, '').toLowerCase()
  return createHash('sha256').update(`${adminId}:${normal}`).digest('base64url')
}
