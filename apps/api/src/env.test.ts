import { describe, expect, it } from 'vitest'
import { parseConfig, parseTrustProxy } from './env'

describe('configuration', () => {
  it('starts in production mode unless told otherwise', () => {
    const config = parseConfig({})
    expect(config.isProduction).toBe(true)
    expect(config.revealsResetLinks).toBe(false)
  })

  it('reveals reset links only in development mode without a mail server', () => {
    expect(parseConfig({ NODE_ENV: 'development' }).revealsResetLinks).toBe(true)
    expect(parseConfig({ NODE_ENV: 'development', SMTP_HOST: 'mail.internal' }).revealsResetLinks).toBe(false)
    expect(parseConfig({ NODE_ENV: 'test' }).revealsResetLinks).toBe(false)
    expect(parseConfig({ NODE_ENV: 'production' }).revealsResetLinks).toBe(false)
  })

  it('reads TRUST_PROXY as off, a hop count, or a list of proxy addresses', () => {
    expect(parseTrustProxy('')).toBe(false)
    expect(parseTrustProxy('false')).toBe(false)
    expect(parseTrustProxy('0')).toBe(false)
    expect(parseTrustProxy('1')).toBe(1)
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ])
  })

  it('refuses TRUST_PROXY values that would trust any client or are not addresses', () => {
    expect(() => parseTrustProxy('true')).toThrow(/any client choose its own IP address/)
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/"10.0.0.0\/33" is not a number of proxies/)
    expect(() => parseTrustProxy('proxy.internal')).toThrow(/is not a number of proxies/)
    expect(() => parseTrustProxy('99')).toThrow(/at most 10/)
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(/^Invalid configuration:\n {2}TRUST_PROXY: true/)
  })

  it('sets up card payments only with both Stripe keys, in the mode of the key, without saying the keys', () => {
    expect(parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' }).stripe).toBeUndefined()
    expect(parseConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).stripe).toBeUndefined()
    expect(parseConfig({ STRIPE_SECRET_KEY: 'rk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).stripe).toEqual({
      secretKey: 'rk_test_abc',
      webhookSecret: 'whsec_abc',
      mode: 'test',
      api: undefined,
    })
    const live = parseConfig({
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    }).stripe
    expect(live).toMatchObject({ mode: 'live', api: { host: '127.0.0.1', port: 12111, protocol: 'http' } })
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_test_secretish' })).toThrow(
      /^Invalid configuration:\n {2}STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a secret or restricted key/,
    )
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_test_secretish' })).not.toThrow(/secretish/)
  })

  it('reads IMAGE_HOSTS as a list of origins', () => {
    expect(
      parseConfig({ IMAGE_HOSTS: 'https://cdn.example.com/path, http://img.example.org:8080' }).imageHosts,
    ).toEqual(['https://cdn.example.com', 'http://img.example.org:8080'])
    expect(() => parseConfig({ IMAGE_HOSTS: 'cdn.example.com' })).toThrow(
      /IMAGE_HOSTS: "cdn.example.com" is not an origin/,
    )
  })
})
