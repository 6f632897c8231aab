import { createHash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { createWorkLimiter } from './work-limiter'

// scrypt with N=2^15, r=8, p=1 costs 32 MiB and ~50-100 ms per hash here: memory-hard, and slow enough to
// make offline guessing expensive while a login still feels instant.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions
const KEY_LENGTH = 64

// At most one hash per core but one runs at a time, so a burst of logins leaves a core to the shop's visitors; past
// 32 waiting, a login is refused with 503 rather than queued for seconds.
export const passwordHashing = createWorkLimiter({
  concurrency: Math.max(1, availableParallelism() - 1),
  maxWaiting: 32,
  busyMessage: 'The server is busy. Please try again in a moment.',
})

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return passwordHashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)))
      }),
  )
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password.normalize('NFKC'), salt, SCRYPT)
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

// A hash to verify against when the user does not exist, so a login takes as long either way.
let dummyHash: Promise<string> | undefined
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash
}

/** A random secret for sessions and reset links: 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** `count` tokens as randomToken makes them, from one draw of random bytes (a batch of orders' keys). */
export function randomTokens(count: number): string[] {
  const bytes = randomBytes(32 * count)
  return Array.from({ length: count }, (_, i) => bytes.subarray(32 * i, 32 * (i + 1)).toString('base64url'))
}

/** Tokens are stored as their SHA-256: they are random and long, so a fast hash is enough. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A readable random password for the first admin: 4 groups of 4 from an unambiguous alphabet, plus a symbol. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(16)
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length])
  const groups = [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join(''))
  // Always meets the reset form's rules: an upper, a lower, a digit and a special character.
  return `${groups.join('-')}-Aa1!`
}
