import { describe, expect, it } from 'vitest'
import { webLinkOf } from './display'

describe('webLinkOf', () => {
  it('keeps http and https addresses as they were typed', () => {
    expect(webLinkOf('https://carrier.test/track/1Z999')).toBe('https://carrier.test/track/1Z999')
    expect(webLinkOf('http://carrier.test')).toBe('http://carrier.test')
    expect(webLinkOf('  HTTPS://Carrier.test/t?n=1  ')).toBe('HTTPS://Carrier.test/t?n=1')
  })

  it('refuses every other scheme, relative paths, text and empty values', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://carrier.test/file',
      '//carrier.test/track',
      '/track/1',
      'carrier.test/track',
      'https://',
      'https://carrier.test/a b',
      '',
      '   ',
      null,
      undefined,
    ]) {
      expect(webLinkOf(value), String(value)).toBeUndefined()
    }
  })
})
