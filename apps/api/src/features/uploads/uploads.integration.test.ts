import fs from 'node:fs'
import path from 'node:path'
import type { ApiError } from '@shop/schema/common'
import type { UploadResult } from '@shop/schema/uploads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

// Real images, as encoders write them.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const GIF89A_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
// A lossy (VP8) 1x1 WebP: RIFF, size, WEBP, then the 'VP8 ' chunk.
const WEBP_1X1 = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64')
// A 1x1 greyscale JPEG: SOI, JFIF APP0, quantisation and Huffman tables, frame, scan data, EOI.
const JPEG_1X1 = Buffer.concat([
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  Buffer.from([0xff, 0xd9]),
])
const TEXT = Buffer.from('Hello, this is a plain text file, not an image.\n')
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>')
const FIVE_MB = 5 * 1024 * 1024

const TOO_MANY = 'Maximum of 10 images can be uploaded at once.'
const BAD_TYPE = 'Only JPG, PNG, WebP, and GIF images are allowed.'
const TOO_LARGE = 'Maximum file size is 5MB per image.'

interface Part {
  field?: string
  filename?: string
  contentType?: string
  data: Buffer | string
}

const BOUNDARY = '----shop-test-boundary-7MA4YWxkTrZu0gW'

/** A multipart/form-data body: each part with its headers, separated by the boundary. */
function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = []
  for (const part of parts) {
    const field = part.field ?? 'images'
    const disposition =
      part.filename === undefined
        ? `form-data; name="${field}"`
        : `form-data; name="${field}"; filename="${part.filename}"`
    const headers = [`Content-Disposition: ${disposition}`]
    if (part.contentType) headers.push(`Content-Type: ${part.contentType}`)
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n${headers.join('\r\n')}\r\n\r\n`))
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data)
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`))
  return Buffer.concat(chunks)
}

function imagePart(data: Buffer, filename: string, contentType: string): Part {
  return { field: 'images', filename, contentType, data }
}

let t: TestApp
let token: string

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
})

afterAll(async () => {
  await t?.close()
})

function upload(parts: Part[], options: { token?: string | null } = {}) {
  const bearer = options.token === undefined ? token : options.token
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/upload',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    payload: multipartBody(parts),
  })
}

function uploadedFiles(): string[] {
  return fs.readdirSync(t.config.uploadsDir).sort()
}

function fileOf(url: string): string {
  return path.join(t.config.uploadsDir, path.basename(url))
}

const UPLOAD_URL = /^\/uploads\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/

describe('POST /api/admin/upload', () => {
  it('stores a PNG, a JPEG, a GIF and a WebP and answers 201 with one URL each, in order', async () => {
    const before = uploadedFiles()

    const response = await upload([
      imagePart(PNG_1X1, 'cross.png', 'image/png'),
      imagePart(JPEG_1X1, 'medal.jpeg', 'image/jpeg'),
      imagePart(GIF89A_1X1, 'dove.gif', 'image/gif'),
      imagePart(WEBP_1X1, 'ring.webp', 'image/webp'),
    ])

    expect(response.statusCode).toBe(201)
    const { urls } = response.json<UploadResult>()
    expect(urls).toHaveLength(4)
    for (const url of urls) expect(url).toMatch(UPLOAD_URL)
    expect(urls.map((url) => path.extname(url))).toEqual(['.png', '.jpg', '.gif', '.webp'])
    expect(new Set(urls).size).toBe(4)
    expect(uploadedFiles()).toHaveLength(before.length + 4)
    expect(fs.readFileSync(fileOf(urls[0] ?? ''))).toEqual(PNG_1X1)
    expect(fs.readFileSync(fileOf(urls[3] ?? ''))).toEqual(WEBP_1X1)
  })

  it('answers exactly { urls }', async () => {
    const response = await upload([imagePart(GIF89A_1X1, 'dove.gif', 'image/gif')])

    expect(response.statusCode).toBe(201)
    expect(Object.keys(response.json())).toEqual(['urls'])
  })

  it('serves the stored file back with the same bytes', async () => {
    const response = await upload([imagePart(PNG_1X1, 'cross.png', 'image/png')])
    const [url] = response.json<UploadResult>().urls

    const served = await t.app.inject({ method: 'GET', url: url ?? '' })

    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toMatch(/^image\/png/)
    expect(served.rawPayload).toEqual(PNG_1X1)
  })

  it('names the file by its content: a PNG sent as photo.jpg with image/jpeg gets .png', async () => {
    const response = await upload([imagePart(PNG_1X1, 'photo.jpg', 'image/jpeg')])

    expect(response.statusCode).toBe(201)
    const [url] = response.json<UploadResult>().urls
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/)
  })

  it('accepts 10 files at once', async () => {
    const parts = Array.from({ length: 10 }, (_, index) => imagePart(GIF89A_1X1, `dove-${index}.gif`, 'image/gif'))

    const response = await upload(parts)

    expect(response.statusCode).toBe(201)
    expect(response.json<UploadResult>().urls).toHaveLength(10)
  })

  it('never lets the file name reach a path', async () => {
    const before = uploadedFiles()

    const response = await upload([imagePart(PNG_1X1, '../../etc/passwd.png', 'image/png')])

    expect(response.statusCode).toBe(201)
    const [url] = response.json<UploadResult>().urls
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/)
    expect(url).not.toContain('passwd')
    expect(uploadedFiles()).toHaveLength(before.length + 1)
    expect(fs.existsSync(fileOf(url ?? ''))).toBe(true)
    expect(fs.existsSync(path.resolve(t.config.uploadsDir, '../../etc/passwd.png'))).toBe(false)
    expect(fs.existsSync(path.resolve(t.config.uploadsDir, '../etc/passwd.png'))).toBe(false)
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
      imagePart(PNG_1X1, 'good.png', 'image/png'),
      imagePart(TEXT, 'evil.png', 'image/png'),
    ])

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().message).toBe(BAD_TYPE)
    expect(uploadedFiles()).toEqual(before)
  })

  it('refuses 11 files with 400 and writes nothing', async () => {
    const before = uploadedFiles()
    const parts = Array.from({ length: 11 }, (_, index) => imagePart(GIF89A_1X1, `dove-${index}.gif`, 'image/gif'))

    const response = await upload(parts)

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: TOO_MANY, code: 'BAD_REQUEST' })
    expect(uploadedFiles()).toEqual(before)
  })

  it('refuses a file just over 5 MB with 413 and writes nothing', async () => {
    const before = uploadedFiles()
    const big = Buffer.alloc(FIVE_MB + 1, 0)
    PNG_1X1.copy(big, 0, 0, 16)

    const response = await upload([
      imagePart(PNG_1X1, 'small.png', 'image/png'),
      imagePart(big, 'big.png', 'image/png'),
    ])

    expect(response.statusCode).toBe(413)
    expect(response.json<ApiError>()).toEqual({ message: TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' })
    expect(uploadedFiles()).toEqual(before)
  })

  it('accepts a file of exactly 5 MB', async () => {
    const exact = Buffer.alloc(FIVE_MB, 0)
    PNG_1X1.copy(exact, 0, 0, 16)

    const response = await upload([imagePart(exact, 'exact.png', 'image/png')])

    expect(response.statusCode).toBe(201)
    const [url] = response.json<UploadResult>().urls
    expect(fs.statSync(fileOf(url ?? '')).size).toBe(FIVE_MB)
  })

  it('refuses a request without a token with 401, and writes nothing', async () => {
    const before = uploadedFiles()

    const response = await upload([imagePart(PNG_1X1, 'cross.png', 'image/png')], { token: null })

    expect(response.statusCode).toBe(401)
    expect(response.json<ApiError>().code).toBe('UNAUTHORIZED')
    expect(uploadedFiles()).toEqual(before)
  })

  it('refuses a request with an unknown token with 401', async () => {
    const response = await upload([imagePart(PNG_1X1, 'cross.png', 'image/png')], { token: 'not-a-session' })

    expect(response.statusCode).toBe(401)
  })

  it('refuses a file in another field with 400', async () => {
    const before = uploadedFiles()

    const response = await upload([{ field: 'photos', filename: 'cross.png', contentType: 'image/png', data: PNG_1X1 }])

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
