import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { serializeRequest } from './app'

const request = (url: string) =>
  ({ method: 'GET', url, host: 'shop.test', ip: '10.0.0.1', socket: { remotePort: 5000 } }) as unknown as FastifyRequest

describe('the request log', () => {
  it("never writes the key of a guest's order page or a token", () => {
    expect(serializeRequest(request('/api/orders/ORD-1001?key=s3cr3t-Key_1&x=1')).url).toBe(
      '/api/orders/ORD-1001?key=[redacted]&x=1',
    )
    expect(serializeRequest(request('/orders/ORD-1001?key=abc')).url).toBe('/orders/ORD-1001?key=[redacted]')
    expect(serializeRequest(request('/admin/reset-password?token=abc')).url).toBe(
      '/admin/reset-password?token=[redacted]',
    )
    expect(serializeRequest(request('/api/products?q=keys')).url).toBe('/api/products?q=keys')
  })
})
