import fs from 'node:fs'
import path from 'node:path'
import { insertProduct } from '@shop/db/testing/factories'
import type { Product } from '@shop/schema/products'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { runImagesCli } from './images-cli'

const LEGACY = '/uploads/3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f.jpg'

let t: TestApp
let product: Product
const lines: string[] = []
const errors: string[] = []
let exitCode: number

async function imagesOf(id: number): Promise<string[]> {
  const response = await t.request({ method: 'GET', url: `/api/products/${id}` })
  return response.json<Product>().imageUrls
}

beforeAll(async () => {
  t = await createTestApp()
  fs.writeFileSync(
    path.join(t.config.uploadsDir, path.basename(LEGACY)),
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c9a227' } })
      .jpeg()
      .toBuffer(),
  )
  product = await insertProduct(t.db, { imageUrls: [LEGACY] })
  // The running server has the product in its catalogue cache, with the old URL.
  expect(await imagesOf(product.id)).toEqual([LEGACY])
  exitCode = await runImagesCli({ log: (line) => lines.push(line), error: (line) => errors.push(line) }, t.config)
})

afterAll(async () => {
  await t?.close()
})

describe('pnpm images:rebuild', () => {
  it('refuses a missing SQLite database rather than create an empty one', async () => {
    const missing = path.join(t.config.dataDir, 'missing', 'shop.db')
    const said: string[] = []
    const config = { ...t.config, database: { sqliteFile: missing } }

    const code = await runImagesCli({ log: (line) => said.push(line), error: (line) => said.push(line) }, config)

    expect(code).toBe(1)
    expect(said).toEqual([`No SQLite database at ${missing}: start the shop once (pnpm start) first.`])
    expect(fs.existsSync(missing)).toBe(false)
  })

  it('says what it did, and succeeds', () => {
    expect(exitCode).toBe(0)
    expect(errors).toEqual([])
    expect(lines[0]).toBe(
      'images: 1 old-named upload(s) stored under their new names; 6 rendition(s) written; image URLs rewritten in 1 product image(s), 0 variant(s), 0 categor(ies), 0 testimonial(s)',
    )
  })

  it('empties the running servers’ catalogue caches on PostgreSQL, and says to restart the server on SQLite', async () => {
    if ('postgresUrl' in t.config.database) {
      expect(lines[1]).toBe('images: told the running servers to empty their catalogue caches')
      const [url] = await imagesOf(product.id)
      expect(url).toMatch(/^\/uploads\/3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f_800x600_[0-9a-f]{6}\.jpg$/)
    } else {
      expect(lines[1]).toBe(
        'images: restart the server if it is running, so that its catalogue cache shows the new image URLs',
      )
      // The old URL the cache still answers keeps working: its file stays.
      expect((await t.app.inject({ method: 'GET', url: LEGACY })).statusCode).toBe(200)
    }
  })
})
