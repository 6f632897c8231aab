import fs from 'node:fs'
import path from 'node:path'
import { insertCategory, insertProduct, insertTestimonial } from '@shop/db/testing/factories'
import { parseUploadImage, RENDITION_FORMATS, renditionUrl } from '@shop/schema/images'
import type { Product } from '@shop/schema/products'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { type RebuildReport, rebuildImages, rebuildImagesInBackground } from './rebuild-images'
import { uploadPath } from './store-image'

const PHOTO_UUID = '6f1c2a8e-4b7d-4e2a-9c3f-1a2b3c4d5e6f'
const LOGO_UUID = '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d'
const AVATAR_UUID = '11111111-2222-4333-8444-555555555555'
const CURRENT_UUID = '99999999-8888-4777-8666-555555555555'
const PHOTO = `/uploads/${PHOTO_UUID}.jpg`
const LOGO = `/uploads/${LOGO_UUID}.png`
const AVATAR = `/uploads/${AVATAR_UUID}.webp`
const quiet = { info: () => undefined, warn: () => undefined }

let t: TestApp
let product: Product

/** Every file under the uploads directory, with its modification time, to see that nothing changed. */
function snapshot(): Record<string, number> {
  const files: Record<string, number> = {}
  for (const entry of fs.readdirSync(t.config.uploadsDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    files[path.relative(t.config.uploadsDir, file)] = fs.statSync(file).mtimeMs
  }
  return files
}

function write(url: string, bytes: Buffer) {
  fs.mkdirSync(path.dirname(uploadPath(t.config.uploadsDir, url)), { recursive: true })
  fs.writeFileSync(uploadPath(t.config.uploadsDir, url), bytes)
}

function rebuild(): Promise<RebuildReport> {
  return rebuildImages({ db: t.db, uploadsDir: t.config.uploadsDir, log: quiet })
}

async function productImages(id: number): Promise<string[]> {
  const response = await t.request({ method: 'GET', url: `/api/products/${id}` })
  return response.json<Product>().imageUrls
}

beforeAll(async () => {
  t = await createTestApp()
  // Uploads as the shop stored them before renditions: {uuid}.{ext}, already stripped and at full size.
  write(
    PHOTO,
    await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#b87333' } })
      .jpeg()
      .toBuffer(),
  )
  write(
    LOGO,
    await sharp({ create: { width: 200, height: 100, channels: 4, background: '#c9a22780' } })
      .png()
      .toBuffer(),
  )
  write(
    AVATAR,
    await sharp({ create: { width: 96, height: 96, channels: 3, background: '#e5e4e2' } })
      .webp()
      .toBuffer(),
  )
  // A file with the old form of name that is no image: left alone.
  write('/uploads/22222222-3333-4444-8555-666666666666.gif', Buffer.from('not a gif'))

  const category = await insertCategory(t.db, { imageUrl: LOGO })
  product = await insertProduct(t.db, {
    categoryId: category.id,
    imageUrls: [PHOTO, '/uploads/demo/ring.svg', 'https://images.example.test/ring.jpg'],
    options: [{ name: 'Size', values: ['5', '6'] }],
    variants: [
      { options: ['5'], sku: 'RB-5', price: 10, stock: 1, minStock: 0, active: true, imageUrl: PHOTO, leadTime: null },
      { options: ['6'], sku: 'RB-6', price: 10, stock: 1, minStock: 0, active: true, imageUrl: null, leadTime: null },
    ],
  })
  await insertTestimonial(t.db, { avatarUrl: AVATAR })
})

afterAll(async () => {
  await t?.close()
})

describe('rebuilding the uploads', () => {
  let first: RebuildReport
  let afterFirst: Record<string, number>

  beforeAll(async () => {
    // The catalogue is read (and cached) with the old URLs first.
    expect(await productImages(product.id)).toContain(PHOTO)
    rebuildImagesInBackground(t.app)
    await t.app.deps.background.drain()
    afterFirst = snapshot()
    first = await rebuild()
  })

  it('stores old-named uploads under their new names, with renditions, and keeps the old files', async () => {
    const names = Object.keys(afterFirst)
    for (const [uuid, size, extension] of [
      [PHOTO_UUID, '2400x1600', 'jpg'],
      [LOGO_UUID, '200x100', 'png'],
      [AVATAR_UUID, '96x96', 'webp'],
    ] as const) {
      expect(names).toContain(`${uuid}.${extension}`)
      const current = names.find((name) => name.startsWith(`${uuid}_`))
      expect(current).toMatch(new RegExp(`^${uuid}_${size}_[0-9a-f]{6}\\.${extension}$`))
      const image = parseUploadImage(`/uploads/${current}`)
      expect(image).not.toBeNull()
      for (const width of image?.renditionWidths ?? []) {
        for (const format of RENDITION_FORMATS) {
          expect(names).toContain(path.join('r', path.basename(renditionUrl(image?.stem ?? '', width, format))))
        }
      }
    }
    const photo = names.find((name) => name.startsWith(`${PHOTO_UUID}_`)) ?? ''
    // The copper background, give or take JPEG's rounding.
    expect(photo).toMatch(/_2400x1600_b8733[0-9a-f]\.jpg$/)
    expect(await sharp(path.join(t.config.uploadsDir, photo)).metadata()).toMatchObject({ width: 2400, height: 1600 })
    expect(names.filter((name) => name.startsWith('r/') || name.startsWith('r\\'))).toHaveLength(5 * 2 + 1 * 2 + 1 * 2)
  })

  it('rewrites the catalogue to the new URLs, and the API answers them at once', async () => {
    const photo = Object.keys(afterFirst).find((name) => name.startsWith(`${PHOTO_UUID}_`))
    const logo = Object.keys(afterFirst).find((name) => name.startsWith(`${LOGO_UUID}_`))
    const avatar = Object.keys(afterFirst).find((name) => name.startsWith(`${AVATAR_UUID}_`))

    // Served from the catalogue cache before: the rebuild emptied it.
    expect(await productImages(product.id)).toEqual([
      `/uploads/${photo}`,
      '/uploads/demo/ring.svg',
      'https://images.example.test/ring.jpg',
    ])
    const variants = await t.db.selectFrom('product_variants').select('image_url').orderBy('position').execute()
    expect(variants.map((row) => row.image_url)).toEqual([`/uploads/${photo}`, null])
    const category = await t.db.selectFrom('categories').select('image_url').executeTakeFirstOrThrow()
    expect(category.image_url).toBe(`/uploads/${logo}`)
    const testimonial = await t.db.selectFrom('testimonials').select('avatar_url').executeTakeFirstOrThrow()
    expect(testimonial.avatar_url).toBe(`/uploads/${avatar}`)
  })

  it('leaves a file that is no image alone', () => {
    expect(first.unreadable).toEqual(['22222222-3333-4444-8555-666666666666.gif'])
  })

  it('changes nothing when run again', async () => {
    expect(first).toEqual({
      converted: 0,
      renditionsWritten: 0,
      unreadable: ['22222222-3333-4444-8555-666666666666.gif'],
      rewritten: { productImages: 0, variants: 0, categories: 0, testimonials: 0 },
    })
    expect(snapshot()).toEqual(afterFirst)
  })

  it('writes the renditions an upload of the current form lacks', async () => {
    const current = `/uploads/${CURRENT_UUID}_700x700_e5e4e2.png`
    write(
      current,
      await sharp({ create: { width: 700, height: 700, channels: 3, background: '#e5e4e2' } })
        .png()
        .toBuffer(),
    )
    const stem = parseUploadImage(current)?.stem ?? ''
    write(renditionUrl(stem, 320, 'avif'), Buffer.from('already there'))

    const report = await rebuild()

    expect(report.renditionsWritten).toBe(5)
    expect(fs.readFileSync(uploadPath(t.config.uploadsDir, renditionUrl(stem, 320, 'avif'))).toString()).toBe(
      'already there',
    )
    const webp = await sharp(uploadPath(t.config.uploadsDir, renditionUrl(stem, 700, 'webp'))).metadata()
    expect(webp).toMatchObject({ format: 'webp', width: 700, height: 700 })
    expect((await rebuild()).renditionsWritten).toBe(0)
  })
})
