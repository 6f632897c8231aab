import { authenticator } from 'otplib'
import { describe, expect, it } from 'vitest'
import { checkTotp, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUrl, qrSvg } from './totp'

const NOW = Date.parse('2026-11-25T12:00:10.000Z')
const STEP = Math.floor(NOW / 30_000)
const codeAt = (secret: string, offsetSteps: number) =>
  authenticator.clone({ epoch: NOW + offsetSteps * 30_000 }).generate(secret)

describe('TOTP (RFC 6238)', () => {
  const secret = newTotpSecret()

  it('accepts the current code and one step of drift either way, and names the step', () => {
    expect(checkTotp(codeAt(secret, 0), secret, NOW)).toBe(STEP)
    expect(checkTotp(codeAt(secret, -1), secret, NOW)).toBe(STEP - 1)
    expect(checkTotp(codeAt(secret, 1), secret, NOW)).toBe(STEP + 1)
  })

  it('refuses codes two steps away and codes of another secret', () => {
    const codes = new Set([codeAt(secret, -1), codeAt(secret, 0), codeAt(secret, 1)])
    for (const offset of [-2, 2]) {
      const code = codeAt(secret, offset)
      if (!codes.has(code)) expect(checkTotp(code, secret, NOW)).toBeUndefined()
    }
    const other = newTotpSecret()
    const code = codeAt(other, 0)
    if (!codes.has(code)) expect(checkTotp(code, secret, NOW)).toBeUndefined()
  })

  it('matches the RFC 6238 test vector (SHA-1, 59 s)', () => {
    // The RFC's ASCII secret "12345678901234567890" in base32; its 8-digit code is 94287082, the last 6 digits here.
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
    expect(checkTotp('287082', rfcSecret, 59_000)).toBe(1)
  })

  it('makes an otpauth URL and draws it as an SVG QR code', async () => {
    const url = otpauthUrl('ada', secret, 'Atelier')
    expect(url).toMatch(/^otpauth:\/\/totp\/Atelier:ada\?secret=/)
    expect(await qrSvg(url)).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
  })

  it('makes ten different recovery codes, hashed per admin, read without case or hyphen', () => {
    const codes = newRecoveryCodes()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const code = codes[0] as string
    expect(hashRecoveryCode(1, code.toUpperCase().replace('-', ''))).toBe(hashRecoveryCode(1, code))
    expect(hashRecoveryCode(2, code)).not.toBe(hashRecoveryCode(1, code))
  })
})
