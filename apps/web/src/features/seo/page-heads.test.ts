import type { ShopInfo } from '@shop/schema/shop'
import { describe, expect, it } from 'vitest'
import { buildProduct } from '../product/test-products'
import { productHead } from './page-heads'

const SHOP: ShopInfo = {
  name: 'Grace & Gold',
  phone: '+1 555 010 2000',
  email: 'hello@grace.test',
  address: '1 Main Street',
  currency: 'EUR',
  freeShippingOver: null,
  paymentMethods: [],
}

describe('productHead', () => {
  it("gives the price in the shop's currency setting, in the preview tags and the structured data", () => {
    const head = productHead(buildProduct(), SHOP, 'https://shop.test')
    expect(head.price?.currency).toBe('EUR')
    expect(JSON.stringify(head.structuredData)).toContain('"priceCurrency":"EUR"')
  })

  it('gives US dollars while the shop is not known', () => {
    const head = productHead(buildProduct(), undefined, 'https://shop.test')
    expect(head.price?.currency).toBe('USD')
    expect(JSON.stringify(head.structuredData)).toContain('"priceCurrency":"USD"')
  })
})
