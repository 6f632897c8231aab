import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { ApiError } from '@shop/schema/common'
import { parseUploadImage, responsiveImage } from '@shop/schema/images'
import type { UploadResult } from '@shop/schema/uploads'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_ADMIN, type TestApp } from '../../testing/test-app'

const GOLD = { r: 201, g: 162, b: 39 }

/** A small image of one colour, as an encoder writes it. */
function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: GOLD } })
}

/** Frames of different colours joined into one animation. */
async function animation(format: 'gif' | 'webp', frameCount: number): Promise<Buffer> {
  const colours = ['#c9a227', '#b87333', '#e5e4e2', '#8a9597']
  const frames = await Promise.all(
    Array.from({ length: frameCount }, (_, index) =>
      sharp({ create: { width: 8, height: 6, channels: 4, background: colours[index % colours.length] ?? '#000' } })
        .png()
        .toBuffer(),
    ),
  )
  const joined = sharp(frames, { join: { animated: true } })
  const delay = Array.from({ length: frameCount }, () => 100)
  return format === 'gif' ? joined.gif({ delay, loop: 0 }).toBuffer() : joined.webp({ delay, loop: 0 }).toBuffer()
}

/** The PNG's header rewritten to claim other dimensions (with its checksum fixed), the pixel data unchanged. */
function pngClaiming(png: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(png)
  // After the 8-byte signature: the IHDR chunk's length (4), type (4), then width and height (4 each).
  patched.writeUInt32BE(width, 16)
  patched.writeUInt32BE(height, 20)
  // The CRC covers the chunk type and data: bytes 12 to 29.
  patched.writeUInt32BE(zlib.crc32(patched.subarray(12, 29)), 29)
  return patched
}

/**
 * A GIF with a large logical screen and many 1x1 frames: a few hundred bytes on disk, but every frame decodes to a
 * full screen. Written by hand, because an encoder would not make it this small.
 */
function gifWithFrames(width: number, height: number, frameCount: number): Buffer {
  const screen = Buffer.alloc(7)
  screen.writeUInt16LE(width, 0)
  screen.writeUInt16LE(height, 2)
  screen[4] = 0x80 // a global colour table of two colours
  const palette = Buffer.from([0, 0, 0, 255, 255, 255])
  const frame = Buffer.from([
    ...[0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00], // graphic control: 100 ms
    ...[0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00], // image descriptor: 1x1 at 0,0
    ...[0x02, 0x02, 0x44, 0x01, 0x00], // LZW data of one pixel
  ])
  const frames = Array.from({ length: frameCount }, () => frame)
  return Buffer.concat([Buffer.from('GIF89a'), screen, palette, ...frames, Buffer.from([0x3b])])
}

interface Fixtures {
  png: Buffer
  jpeg: Buffer
  gif: Buffer
  webp: Buffer
  /** 64x48 stored sideways with EXIF orientation 6 (as a phone writes it), GPS and a copyright in its EXIF. */
  jpegWithExif: Buffer
  animatedGif: Buffer
  animatedWebp: Buffer
  /** A photo large enough that cutting it leaves a readable header but missing pixel data. */
  noisyJpeg: Buffer
}

let images: Fixtures

async function buildFixtures(): Promise<Fixtures> {
  const noise = Buffer.alloc(256 * 256 * 3)
  for (let index = 0; index < noise.length; index++) noise[index] = (index * 7919) % 251
  return {
    png: await solid(4, 3).png().toBuffer(),
    jpeg: await solid(4, 3).jpeg().toBuffer(),
    gif: await solid(4, 3).gif().toBuffer(),
    webp: await solid(4, 3).webp().toBuffer(),
    jpegWithExif: await solid(64, 48)
      .withExif({
        IFD0: { Copyright: 'Goldsmith Anna', Artist: 'Anna' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 24/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 3/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer(),
    animatedGif: await animation('gif', 3),
    animatedWebp: await animation('webp', 3),
    noisyJpeg: await sharp(noise, { raw: { width: 256, height: 256, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer(),
  }
}

const TEXT = Buffer.from('Hello, this is a plain text file, not an image.\n')
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>')
const HTML = '<html><body><script>alert(document.cookie)</script></body></html>'
const FIVE_MB = 5 * 1024 * 1024

const TOO_MANY = 'Maximum of 10 images can be uploaded at once.'
const BAD_TYPE = 'Only JPG, PNG, WebP, and GIF images are allowed.'
const TOO_LARGE = 'Maximum file size is 5MB per image.'
const TOO_MANY_PIXELS = 'Maximum image size is 50 megapixels (all frames of an animation together).'
const UNREADABLE = 'The image could not be read: it is damaged or not a complete JPG, PNG, WebP, or GIF file.'
const NOT_MULTIPART = 'Send the images as multipart/form-data'
const BAD_BOUNDARY = 'The upload is not valid multipart/form-data: its boundary is missing or invalid'
const INCOMPLETE = 'The upload ended before the end of the form: send it again as complete multipart/form-data'
const TOO_MANY_FIELDS = "Too many form fields: send the images in the field 'images' and at most 10 other fields"
const FIELD_NAME = "A form field name is not allowed (names such as '__proto__' or 'constructor')"
const BAD_JSON_FIELD = 'A form field sent as application/json is not valid JSON'

interface Part {
  field?: string
  filename?: string
  contentType?: string
  data: Buffer | string
}

const BOUNDARY = '----shop-test-boundary-7MA4YWxkTrZu0gW'

/** One part of a multipart/form-data body: the boundary line, its headers, a blank line, the data. */
function partBytes(part: Part): Buffer {
  const field = part.field ?? 'images'
  const disposition =
    part.filename === undefined
      ? `form-data; name="${field}"`
      : `form-data; name="${field}"; filename="${part.filename}"`
  const headers = [`Content-Disposition: ${disposition}`]
  if (part.contentType) headers.push(`Content-Type: ${part.contentType}`)
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\n${headers.join('\r\n')}\r\n\r\n`),
    typeof part.data === 'string' ? Buffer.from(part.data) : part.data,
    Buffer.from('\r\n'),
  ])
}

/** A multipart/form-data body: each part with its headers, separated by the boundary. */
function multipartBody(parts: Part[]): Buffer {
  return Buffer.concat([...parts.map(partBytes), Buffer.from(`--${BOUNDARY}--\r\n`)])
}

function imagePart(data: Buffer, filename: string, contentType: string): Part {
  return { field: 'images', filename, contentType, data }
}

let t: TestApp
let token: string

beforeAll(async () => {
  ;[t, images] = await Promise.all([createTestApp(), buildFixtures()])
  token = await t.login()
})

afterAll(async () => {
  await t?.close()
})

function upload(parts: Part[], options: { token?: string | null } = {}) {
  return uploadRaw(multipartBody(parts), `multipart/form-data; boundary=${BOUNDARY}`, options)
}

/** An upload with the given body and content type, exactly as given. */
function uploadRaw(payload: Buffer | string, contentType: string | undefined, options: { token?: string | null } = {}) {
  const bearer = options.token === undefined ? token : options.token
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/upload',
    headers: {
      ...(contentType === undefined ? {} : { 'content-type': contentType }),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    payload,
  })
}

/** Every file under the uploads directory (images and their renditions), by relative path. */
function uploadedFiles(): string[] {
  return fs
    .readdirSync(t.config.uploadsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(t.config.uploadsDir, path.join(entry.parentPath, entry.name)))
    .sort()
}

function fileOf(url: string): string {
  return path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''))
}

function storedBytes(url: string | undefined): Buffer {
  return fs.readFileSync(fileOf(url ?? ''))
}

const UPLOAD_URL = /^\/uploads\/[0-9a-f-]{36}_\d+x\d+_[0-9a-f]{6}(_a)?\.(png|jpg|gif|webp)$/

describe('POST /api/admin/upload', () => {
  it('stores a PNG, a JPEG, a GIF and a WebP and answers 201 with one URL each, in order', async () => {
    const before = uploadedFiles()

    const response = await upload([
      imagePart(images.png, 'cross.png', 'image/png'),
      imagePart(images.jpeg, 'medal.jpeg', 'image/jpeg'),
      imagePart(images.gif, 'dove.gif', 'image/gif'),
      imagePart(images.webp, 'ring.webp', 'image/webp'),
    ])

    expect(response.statusCode).toBe(201)
    const { urls } = response.json<UploadResult>()
    expect(urls).toHaveLength(4)
    for (const url of urls) expect(url).toMatch(UPLOAD_URL)
    expect(urls.map((url) => path.extname(url))).toEqual(['.png', '.jpg', '.gif', '.webp'])
    expect(new Set(urls).size).toBe(4)
    // Each 4 x 3 image and its AVIF and WebP renditions at its own width.
    expect(uploadedFiles()).toHaveLength(before.length + 4 * 3)
  })

  it('stores each image in its own format, with its dimensions', async () => {
    const response = await upload([
      imagePart(images.png, 'cross.png', 'image/png'),
      imagePart(images.jpeg, 'medal.jpeg', 'image/jpeg'),
      imagePart(images.gif, 'dove.gif', 'image/gif'),
      imagePart(images.webp, 'ring.webp', 'image/webp'),
    ])

    expect(response.statusCode).toBe(201)
    const stored = await Promise.all(
      response.json<UploadResult>().urls.map((url) => sharp(storedBytes(url)).metadata()),
    )
    expect(stored.map(({ format, width, height }) => ({ format, width, height }))).toEqual([
      { format: 'png', width: 4, height: 3 },
      { format: 'jpeg', width: 4, height: 3 },
      { format: 'gif', width: 4, height: 3 },
      { format: 'webp', width: 4, height: 3 },
    ])
  })

  it('answers exactly { urls }', async () => {
    const response = await upload([imagePart(images.gif, 'dove.gif', 'image/gif')])

    expect(response.statusCode).toBe(201)
    expect(Object.keys(response.json())).toEqual(['urls'])
  })

  it('serves the stored file back with the stored bytes', async () => {
    const response = await upload([imagePart(images.png, 'cross.png', 'image/png')])
    const [url] = response.json<UploadResult>().urls

    const served = await t.app.inject({ method: 'GET', url: url ?? '' })

    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toMatch(/^image\/png/)
    expect(served.rawPayload).toEqual(storedBytes(url))
  })

  it('names the file by its content: a PNG sent as photo.jpg with image/jpeg gets .png', async () => {
    const response = await upload([imagePart(images.png, 'photo.jpg', 'image/jpeg')])

    expect(response.statusCode).toBe(201)
    const [url] = response.json<UploadResult>().urls
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}_4x3_[0-9a-f]{6}\.png$/)
  })

  it('accepts 10 files at once', async () => {
    const parts = Array.from({ length: 10 }, (_, index) => imagePart(images.gif, `dove-${index}.gif`, 'image/gif'))

    const response = await upload(parts)

    expect(response.statusCode).toBe(201)
    expect(response.json<UploadResult>().urls).toHaveLength(10)
  })

  it('never lets the file name reach a path', async () => {
    const before = uploadedFiles()

    const response = await upload([imagePart(images.png, '../../etc/passwd.png', 'image/png')])

    expect(response.statusCode).toBe(201)
    const [url] = response.json<UploadResult>().urls
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}_4x3_[0-9a-f]{6}\.png$/)
    expect(url).not.toContain('passwd')
    expect(uploadedFiles()).toHaveLength(before.length + 3)
    expect(fs.existsSync(fileOf(url ?? ''))).toBe(true)
    expect(fs.existsSync(path.resolve(t.config.uploadsDir, '../../etc/passwd.png'))).toBe(false)
    expect(fs.existsSync(path.resolve(t.config.uploadsDir, '../etc/passwd.png'))).toBe(false)
  })

  it('records who uploaded which files (name as sent, size, stored URL) in the audit log, and nothing for a refusal', async () => {
    const auditLog = async () =>
      t.request({
        method: 'GET',
        url: '/api/admin/audit-log?entity=upload&pageSize=1',
        token,
        remoteAddress: '192.0.2.5',
      })
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${token}` },
      payload: multipartBody([
        imagePart(images.png, 'cross.png', 'image/png'),
        imagePart(images.jpeg, 'medal\u0007.jpeg', 'image/jpeg'),
      ]),
      remoteAddress: '192.0.2.44',
    })
    expect(response.statusCode).toBe(201)
    const { urls } = response.json<UploadResult>()
    const logged = await auditLog()
    expect(Number(logged.headers['x-total-count'])).toBeGreaterThan(0)
    const [entry] = logged.json()
    expect(Object.keys(entry.changes.files)).toEqual(urls)
    expect(entry).toMatchObject({
      actor: TEST_ADMIN.username,
      ip: '192.0.2.44',
      action: 'uploaded',
      entity: 'upload',
      entityId: null,
      changes: {
        files: {
          [urls[0] ?? '']: { name: 'cross.png', bytes: images.png.length },
          [urls[1] ?? '']: { name: 'medal.jpeg', bytes: images.jpeg.length },
        },
      },
    })
    const count = Number(logged.headers['x-total-count'])
    expect((await upload([imagePart(TEXT, 'evil.png', 'image/png')])).statusCode).toBe(400)
    expect(Number((await auditLog()).headers['x-total-count'])).toBe(count)
  })

  it('refuses a text file named evil.png with image/png with 400, and writes nothing', async () => {
    const before = uploadedFiles()

    const response = await upload([imagePart(TEXT, 'evil.png', 'image/png')])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: BAD_TYPE, code: 'BAD_REQUEST' })
    expect(uploadedFiles()).toEqual(before)
  })

  it('refuses an SVG sent as image/png with 400', async () => {
    const response = await upload([imagePart(SVG, 'icon.png', 'image/png')])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().message).toBe(BAD_TYPE)
  })

  it('refuses the whole upload when one file is not an image, and writes none of them', async () => {
    const before = uploadedFiles()

    const response = await upload([
      imagePart(images.png, 'good.png', 'image/png'),
      imagePart(TEXT, 'evil.png', 'image/png'),
    ])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().message).toBe(BAD_TYPE)
    expect(uploadedFiles()).toEqual(before)
  })

  it('refuses 11 files with 400 and writes nothing', async () => {
    const before = uploadedFiles()
    const parts = Array.from({ length: 11 }, (_, index) => imagePart(images.gif, `dove-${index}.gif`, 'image/gif'))

    const response = await upload(parts)

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: TOO_MANY, code: 'BAD_REQUEST' })
    expect(uploadedFiles()).toEqual(before)
  })

  it('refuses a file just over 5 MB with 413 and writes nothing', async () => {
    const before = uploadedFiles()
    const big = Buffer.alloc(FIVE_MB + 1, 0)
    images.png.copy(big, 0, 0, 16)

    const response = await upload([
      imagePart(images.png, 'small.png', 'image/png'),
      imagePart(big, 'big.png', 'image/png'),
    ])

    expect(response.statusCode).toBe(413)
    expect(response.json<ApiError>()).toEqual({ message: TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' })
    expect(uploadedFiles()).toEqual(before)
  })

  it('accepts a file of exactly 5 MB', async () => {
    // A real PNG, padded with bytes after its end to exactly 5 MB.
    const exact = Buffer.alloc(FIVE_MB, 0)
    images.png.copy(exact)

    const response = await upload([imagePart(exact, 'exact.png', 'image/png')])

    expect(response.statusCode).toBe(201)
    const [url] = response.json<UploadResult>().urls
    expect((await sharp(storedBytes(url)).metadata()).format).toBe('png')
  })

  it('refuses a request without a token with 401, and writes nothing', async () => {
    const before = uploadedFiles()

    const response = await upload([imagePart(images.png, 'cross.png', 'image/png')], { token: null })

    expect(response.statusCode).toBe(401)
    expect(response.json<ApiError>().code).toBe('UNAUTHORIZED')
    expect(uploadedFiles()).toEqual(before)
  })

  it('refuses a request with an unknown token with 401', async () => {
    const response = await upload([imagePart(images.png, 'cross.png', 'image/png')], { token: 'not-a-session' })

    expect(response.statusCode).toBe(401)
  })

  it('refuses a file in another field with 400', async () => {
    const before = uploadedFiles()

    const response = await upload([
      { field: 'photos', filename: 'cross.png', contentType: 'image/png', data: images.png },
    ])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: "Send the images in the field 'images'", code: 'BAD_REQUEST' })
    expect(uploadedFiles()).toEqual(before)
  })

  it('refuses a form without files with 400', async () => {
    const response = await upload([{ field: 'caption', data: 'A cross pendant' }])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({
      message: 'Please choose at least one image to upload.',
      code: 'BAD_REQUEST',
    })
  })

  it('refuses an empty form with 400', async () => {
    const response = await upload([])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().code).toBe('BAD_REQUEST')
  })

  it('refuses a JSON body with 400', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/upload',
      token,
      json: { images: ['cross.png'] },
    })

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().code).toBe('BAD_REQUEST')
  })
})

describe('POST /api/admin/upload: what is stored is decoded and written again', () => {
  it('applies the EXIF orientation and drops EXIF, GPS and every other metadata from the stored JPEG', async () => {
    const sent = await sharp(images.jpegWithExif).metadata()
    expect(sent).toMatchObject({ width: 64, height: 48, orientation: 6 })
    expect(sent.exif?.includes('Goldsmith Anna')).toBe(true)

    const response = await upload([imagePart(images.jpegWithExif, 'ring.jpg', 'image/jpeg')])

    expect(response.statusCode).toBe(201)
    const [url] = response.json<UploadResult>().urls
    const bytes = storedBytes(url)
    const stored = await sharp(bytes).metadata()
    expect(stored).toMatchObject({ format: 'jpeg', width: 48, height: 64 })
    expect(stored.exif).toBeUndefined()
    expect(stored.orientation).toBeUndefined()
    expect(stored.xmp).toBeUndefined()
    expect(stored.iptc).toBeUndefined()
    expect(bytes.includes('Goldsmith Anna')).toBe(false)
  })

  it('stores and serves a PNG with HTML appended without the HTML', async () => {
    const polyglot = Buffer.concat([images.png, Buffer.from(HTML)])

    const response = await upload([imagePart(polyglot, 'cross.png', 'image/png')])

    expect(response.statusCode).toBe(201)
    const [url] = response.json<UploadResult>().urls
    const bytes = storedBytes(url)
    expect(bytes.includes('<script')).toBe(false)
    expect(bytes.includes('<html')).toBe(false)
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 4, height: 3 })
    const served = await t.app.inject({ method: 'GET', url: url ?? '' })
    expect(served.rawPayload.includes('<script')).toBe(false)
  })

  it('keeps every frame of an animated GIF and its timing', async () => {
    const response = await upload([imagePart(images.animatedGif, 'sparkle.gif', 'image/gif')])

    expect(response.statusCode).toBe(201)
    const [url] = response.json<UploadResult>().urls
    const stored = await sharp(storedBytes(url), { animated: true }).metadata()
    expect(stored).toMatchObject({ format: 'gif', width: 8, pageHeight: 6, pages: 3, delay: [100, 100, 100] })
  })

  it('keeps every frame of an animated WebP', async () => {
    const response = await upload([imagePart(images.animatedWebp, 'sparkle.webp', 'image/webp')])

    expect(response.statusCode).toBe(201)
    const [url] = response.json<UploadResult>().urls
    const stored = await sharp(storedBytes(url), { animated: true }).metadata()
    expect(stored).toMatchObject({ format: 'webp', width: 8, pageHeight: 6, pages: 3 })
  })

  it('refuses a 50,000 x 50,000 PNG with a clear message, quickly, and writes nothing', async () => {
    const before = uploadedFiles()
    const bomb = pngClaiming(images.png, 50_000, 50_000)
    const started = Date.now()

    const response = await upload([
      imagePart(images.png, 'good.png', 'image/png'),
      imagePart(bomb, 'bomb.png', 'image/png'),
    ])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: TOO_MANY_PIXELS, code: 'BAD_REQUEST' })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(uploadedFiles()).toEqual(before)
  })

  it('refuses a PNG of 10,000 x 5,001 pixels (just over 50 megapixels)', async () => {
    const response = await upload([imagePart(pngClaiming(images.png, 10_000, 5_001), 'wide.png', 'image/png')])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().message).toBe(TOO_MANY_PIXELS)
  })

  it('lets a PNG of exactly 50 megapixels past the size check (this one then fails to decode)', async () => {
    const response = await upload([imagePart(pngClaiming(images.png, 10_000, 5_000), 'wide.png', 'image/png')])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().message).toBe(UNREADABLE)
  })

  it('refuses a GIF whose frames together are over 50 megapixels', async () => {
    // 13 frames of a 2000 x 2000 screen: 52 megapixels once decoded, from a few hundred bytes.
    const bomb = gifWithFrames(2000, 2000, 13)
    expect((await sharp(bomb, { animated: true }).metadata()).pages).toBe(13)

    const response = await upload([imagePart(bomb, 'frames.gif', 'image/gif')])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: TOO_MANY_PIXELS, code: 'BAD_REQUEST' })
  })

  it.each([
    ['a PNG signature followed by garbage', () => Buffer.concat([images.png.subarray(0, 8), Buffer.from('garbage')])],
    ['a JPEG start of image and nothing else', () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10])],
    ['a JPEG cut in the middle of its pixel data', () => images.noisyJpeg.subarray(0, images.noisyJpeg.length / 2)],
    ['a GIF header without frames', () => images.gif.subarray(0, 13)],
    ['a WebP with a damaged bitstream', () => Buffer.concat([images.webp.subarray(0, 20), Buffer.alloc(64, 0xab)])],
  ])('refuses %s with 400 and writes nothing', async (_, bytes) => {
    const before = uploadedFiles()

    const response = await upload([
      imagePart(images.png, 'good.png', 'image/png'),
      imagePart(bytes(), 'broken.img', 'image/png'),
    ])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: UNREADABLE, code: 'BAD_REQUEST' })
    expect(uploadedFiles()).toEqual(before)
  })
})

describe('POST /api/admin/upload: malformed requests', () => {
  const parts = (...list: Part[]) => Buffer.concat(list.map(partBytes))
  const closing = `--${BOUNDARY}--\r\n`
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`

  it.each([
    ['no boundary', 'multipart/form-data', `--${BOUNDARY}--\r\n`],
    ['a boundary of 300 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}--\r\n`],
  ])('refuses a multipart content type with %s with 400', async (_, type, body) => {
    const response = await uploadRaw(body, type)

    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json<ApiError>()).toEqual({ message: BAD_BOUNDARY, code: 'BAD_REQUEST' })
  })

  it.each([
    [
      'a body cut in the middle of a file',
      () => parts(imagePart(images.noisyJpeg, 'ring.jpg', 'image/jpeg')).subarray(0, 400),
    ],
    [
      'a body cut in the middle of the second file',
      () =>
        Buffer.concat([
          parts(imagePart(images.png, 'cross.png', 'image/png')),
          parts(imagePart(images.noisyJpeg, 'ring.jpg', 'image/jpeg')).subarray(0, 400),
        ]),
    ],
    [
      'a body of part headers only',
      () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n`,
    ],
    [
      'a body that ends after the blank line of the headers',
      () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\n`,
    ],
    ['a body without its closing boundary', () => parts(imagePart(images.png, 'cross.png', 'image/png'))],
    ['a body of one boundary line', () => `--${BOUNDARY}\r\n`],
    ['a body without any boundary', () => 'this is not a multipart body at all'],
  ])('refuses %s with 400 and writes nothing', async (_, body) => {
    const before = uploadedFiles()

    const response = await uploadRaw(body(), contentType)

    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json<ApiError>()).toEqual({ message: INCOMPLETE, code: 'BAD_REQUEST' })
    expect(uploadedFiles()).toEqual(before)
  })

  it('refuses a body whose boundary is not the declared one with 400', async () => {
    const body = multipartBody([imagePart(images.png, 'cross.png', 'image/png')])

    const response = await uploadRaw(body, 'multipart/form-data; boundary=not-the-one-in-the-body')

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: INCOMPLETE, code: 'BAD_REQUEST' })
  })

  it('refuses a form with an empty boundary with 400', async () => {
    // busboy accepts an empty boundary (RFC 2046 asks for 1 to 70 characters) and then finds no part in the body.
    const body = multipartBody([imagePart(images.png, 'cross.png', 'image/png')])

    const response = await uploadRaw(body, 'multipart/form-data; boundary=')

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().code).toBe('BAD_REQUEST')
  })

  it('refuses an empty body as a form without images', async () => {
    const response = await uploadRaw('', contentType)

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({
      message: 'Please choose at least one image to upload.',
      code: 'BAD_REQUEST',
    })
  })

  it('refuses a part without a name with 400', async () => {
    const body = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      images.png,
      Buffer.from(`\r\n${closing}`),
    ])

    const response = await uploadRaw(body, contentType)

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: "Send the images in the field 'images'", code: 'BAD_REQUEST' })
  })

  it('refuses a part without Content-Disposition as a form without images', async () => {
    const body = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Type: image/png\r\n\r\n`),
      images.png,
      Buffer.from(`\r\n${closing}`),
    ])

    const response = await uploadRaw(body, contentType)

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().message).toBe('Please choose at least one image to upload.')
  })

  it('refuses 12 text fields with 413 and a clear message', async () => {
    const fields = Array.from({ length: 12 }, (_, index) => ({ field: `note${index}`, data: 'x' }))

    const response = await upload(fields)

    expect(response.statusCode).toBe(413)
    expect(response.json<ApiError>()).toEqual({ message: TOO_MANY_FIELDS, code: 'PAYLOAD_TOO_LARGE' })
  })

  it('refuses 11 text fields after an image with 413, and writes nothing', async () => {
    const before = uploadedFiles()
    const fields = Array.from({ length: 11 }, (_, index) => ({ field: `note${index}`, data: 'x' }))

    const response = await upload([imagePart(images.png, 'cross.png', 'image/png'), ...fields])

    expect(response.statusCode).toBe(413)
    expect(response.json<ApiError>().message).toBe(TOO_MANY_FIELDS)
    expect(uploadedFiles()).toEqual(before)
  })

  it.each(['constructor', '__proto__', 'toString'])('refuses a field named %s with 400', async (name) => {
    const response = await upload([{ field: name, data: 'x' }, imagePart(images.png, 'cross.png', 'image/png')])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: FIELD_NAME, code: 'BAD_REQUEST' })
  })

  it('refuses a field declared as JSON that is not JSON with 400', async () => {
    const response = await upload([
      { field: 'meta', contentType: 'application/json', data: '{not json' },
      imagePart(images.png, 'cross.png', 'image/png'),
    ])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: BAD_JSON_FIELD, code: 'BAD_REQUEST' })
  })

  it.each([
    ['no content type', undefined],
    ['multipart/mixed', `multipart/mixed; boundary=${BOUNDARY}`],
    ['application/octet-stream', 'application/octet-stream'],
  ])('refuses a body with %s with 400 and says to send multipart/form-data', async (_, type) => {
    const response = await uploadRaw(multipartBody([imagePart(images.png, 'cross.png', 'image/png')]), type)

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: NOT_MULTIPART, code: 'BAD_REQUEST' })
  })
})

/**
 * A phone photo as far as the pipeline can tell: 4032 x 3024, smooth gradients with a little noise (so that it
 * compresses like a photo, under 5 MB), GPS position and camera owner in its EXIF. The noise is seeded: every run
 * sends the same bytes.
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 4032
  const height = 3024
  const pixels = Buffer.alloc(width * height * 3)
  let seed = 42
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      const noise = seed % 16
      const index = (y * width + x) * 3
      pixels[index] = 60 + ((x * 150) / width + noise)
      pixels[index + 1] = 50 + ((y * 120) / height + noise)
      pixels[index + 2] = 110 + noise
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Copyright: 'Goldsmith Anna', Make: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .jpeg({ quality: 88 })
    .toBuffer()
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

describe('POST /api/admin/upload: sizes, names and renditions', () => {
  let photo: Buffer
  let photoUrl: string

  beforeAll(async () => {
    photo = await phonePhoto()
    const response = await upload([imagePart(photo, 'IMG_0042.jpg', 'image/jpeg')])
    expect(response.statusCode, response.body).toBe(201)
    photoUrl = response.json<UploadResult>().urls[0] ?? ''
  })

  it('stores a 4032 x 3024 photo at 2,400 px on its long side, under a name that says so', async () => {
    expect(photo.length).toBeLessThan(FIVE_MB)
    expect(photoUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}_2400x1800_[0-9a-f]{6}\.jpg$/)
    expect(await sharp(storedBytes(photoUrl)).metadata()).toMatchObject({ format: 'jpeg', width: 2400, height: 1800 })
    // The colour in the name is the photo's average: its gradients average to about rgb(142, 117, 117).
    const placeholder = parseUploadImage(photoUrl)?.placeholder ?? ''
    const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(placeholder.slice(start, start + 2), 16))
    expect(Math.abs((r ?? 0) - 142)).toBeLessThan(8)
    expect(Math.abs((g ?? 0) - 117)).toBeLessThan(8)
    expect(Math.abs((b ?? 0) - 117)).toBeLessThan(8)
  })

  it('serves AVIF and WebP renditions at 320, 640, 960, 1280 and 1600 px, with immutable caching', async () => {
    const sources = responsiveImage(photoUrl, '100vw')?.sources ?? []
    expect(sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp'])
    for (const source of sources) {
      const candidates = source.srcSet.split(', ').map((candidate) => candidate.split(' '))
      expect(candidates.map(([, width]) => width)).toEqual(['320w', '640w', '960w', '1280w', '1600w'])
      for (const [url = '', width = ''] of candidates) {
        const served = await t.app.inject({ method: 'GET', url })
        expect(served.statusCode, url).toBe(200)
        expect(served.headers['content-type']).toBe(source.type)
        expect(served.headers['cache-control']).toBe(IMMUTABLE)
        const metadata = await sharp(served.rawPayload).metadata()
        expect(metadata.format).toBe(source.type === 'image/avif' ? 'heif' : 'webp')
        expect(metadata.width).toBe(Number.parseInt(width, 10))
        expect(metadata.height).toBe(Math.round((Number.parseInt(width, 10) * 3) / 4))
      }
    }
    const original = await t.app.inject({ method: 'GET', url: photoUrl })
    expect(original.headers['content-type']).toBe('image/jpeg')
    expect(original.headers['cache-control']).toBe(IMMUTABLE)
  })

  it('leaves no EXIF, GPS position or other metadata in the stored photo or any rendition', async () => {
    const sent = await sharp(photo).metadata()
    expect(sent.exif?.includes('Goldsmith Anna')).toBe(true)
    expect(sent.exif?.includes(Buffer.from([0x88, 0x25])) || sent.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true)

    const image = parseUploadImage(photoUrl)
    const files = uploadedFiles().filter((file) => image && path.basename(file).startsWith(image.stem))
    expect(files).toHaveLength(11)
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(t.config.uploadsDir, file))
      const metadata = await sharp(bytes).metadata()
      expect(metadata.exif, file).toBeUndefined()
      expect(metadata.xmp, file).toBeUndefined()
      expect(metadata.iptc, file).toBeUndefined()
      expect(bytes.includes('Goldsmith Anna'), file).toBe(false)
    }
  })

  it('names a photo taken sideways by its size once turned upright', async () => {
    const response = await upload([imagePart(images.jpegWithExif, 'ring.jpg', 'image/jpeg')])

    const [url] = response.json<UploadResult>().urls
    expect(url).toMatch(/_48x64_[0-9a-f]{6}\.jpg$/)
    const webp = responsiveImage(url, '48px')?.sources[1]?.srcSet.split(' ')[0]
    expect(await sharp(storedBytes(webp)).metadata()).toMatchObject({ format: 'webp', width: 48, height: 64 })
  })

  it('names a one-colour image by its colour, and makes renditions at its own width when it is small', async () => {
    const response = await upload([imagePart(images.png, 'cross.png', 'image/png')])

    const [url = ''] = response.json<UploadResult>().urls
    expect(url).toMatch(/_4x3_c9a227\.png$/)
    const image = parseUploadImage(url)
    expect(image?.renditionWidths).toEqual([4])
    for (const format of ['avif', 'webp']) {
      const served = await t.app.inject({ method: 'GET', url: `/uploads/r/${image?.stem}-4.${format}` })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe(`image/${format}`)
    }
  })

  it('keeps an animation whole, at its own size, named as an animation and without renditions', async () => {
    const before = uploadedFiles()

    const response = await upload([imagePart(images.animatedWebp, 'sparkle.webp', 'image/webp')])

    const [url = ''] = response.json<UploadResult>().urls
    expect(url).toMatch(/_8x6_[0-9a-f]{6}_a\.webp$/)
    expect(uploadedFiles()).toHaveLength(before.length + 1)
    expect(responsiveImage(url, '100vw')?.sources).toEqual([])
  })
})
