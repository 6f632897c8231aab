import { insertProduct } from '@shop/db/testing/factories'
import { expect } from 'vitest'
import type { TestApp } from './test-app'

/** What a batch of mixed orders needs from a shop running a sale (saleShop). */
export interface SaleShop {
  /** A pendant sold in one form, 1,000 in stock. */
  pendant: { id: number }
  /** A ring in sizes 6 and 7: two variants, 1,000 of each. */
  ring: { id: number; variants: Array<{ id: number }> }
  /** The id of the Express method ($15.00) of the US zone. */
  express: number
}

/**
 * A shop running a sale, made through the admin API where a route exists: the pendant, the ring with its variants,
 * a US shipping zone (Standard $5.00, Express $15.00) and the percent code `code` (10% off).
 */
export async function saleShop(t: TestApp, token: string, code: string): Promise<SaleShop> {
  const pendant = await insertProduct(t.db, { name: 'Sale Pendant', sku: 'SALE-0001', price: 40, stock: 1000 })
  const ring = await insertProduct(t.db, {
    name: 'Sale Ring',
    sku: 'SALE-0002',
    price: 100,
    stock: 0,
    options: [{ name: 'Size', values: ['6', '7'] }],
    variants: [6, 7].map((size) => ({
      options: [String(size)],
      sku: `SALE-R${size}`,
      price: 90 + size,
      stock: 1000,
      minStock: 1,
      active: true,
      imageUrl: null,
      leadTime: null,
    })),
  })
  const admin = (url: string, json: unknown) => t.request({ method: 'POST', url, token, json })
  const zone = await admin('/api/admin/shipping-zones', {
    name: 'Domestic',
    areas: ['US'],
    methods: [
      { name: 'Standard', price: '5.00' },
      { name: 'Express', price: '15.00' },
    ],
  })
  const express = zone.json<{ methods: Array<{ id: number }> }>().methods[1]?.id as number
  expect((await admin('/api/admin/discounts', { code, kind: 'percent', value: '10' })).statusCode).toBe(201)
  return { pendant, ring, express }
}

/** The dashboard's summary tables and the customers counter, in key order: what a recount must give again. */
export async function summaryOf(t: TestApp) {
  return {
    days: await t.db.selectFrom('sales_days').selectAll().orderBy('day').execute(),
    products: await t.db.selectFrom('product_sales_days').selectAll().orderBy('day').orderBy('product_id').execute(),
    statuses: await t.db.selectFrom('order_status_days').selectAll().orderBy('status').orderBy('day').execute(),
    customers: await t.db.selectFrom('customers').selectAll().orderBy('email_key').execute(),
    counters: await t.db.selectFrom('counters').selectAll().where('name', '=', 'customers').execute(),
  }
}
