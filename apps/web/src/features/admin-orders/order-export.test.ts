import { describe, expect, it } from 'vitest'
import { orderExportUrl } from './order-export'

describe('orderExportUrl', () => {
  it('is the export of every order without filters', () => {
    expect(orderExportUrl()).toBe('/api/admin/orders/export')
  })

  it('carries the filters that are set, encoded, and leaves out the others', () => {
    expect(orderExportUrl({ status: 'completed', q: 'José & Zoë', from: undefined, to: '' })).toBe(
      '/api/admin/orders/export?status=completed&q=Jos%C3%A9+%26+Zo%C3%AB',
    )
  })
})
