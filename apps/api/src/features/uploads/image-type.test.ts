import { describe, expect, it } from 'vitest'
import { detectImageType, IMAGE_EXTENSIONS } from './image-type'

const bytes = (...values: number[]) => Uint8Array.from(values)
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0))
const base64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

// Complete 1x1 images, as real encoders write them.
const PNG_1X1 = base64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=')
const GIF89A_1X1 = base64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7')
const WEBP_1X1 = base64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==')
// JPEG start of image followed by a JFIF APP0 segment, and one with an Exif APP1 segment (as cameras write).
const JPEG_JFIF = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00)
const JPEG_EXIF = bytes(0xff, 0xd8, 0xff, 0xe1, 0x00, 0x16, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00)
// GIF87a header and logical screen descriptor of a 1x1 image.
const GIF87A = bytes(...ascii('GIF87a'), 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00)

describe('detectImageType', () => {
  it.each([
    ['a JFIF JPEG', JPEG_JFIF, 'image/jpeg'],
    ['an Exif JPEG', JPEG_EXIF, 'image/jpeg'],
    ['a PNG', PNG_1X1, 'image/png'],
    ['a GIF89a', GIF89A_1X1, 'image/gif'],
    ['a GIF87a', GIF87A, 'image/gif'],
    ['a WebP', WEBP_1X1, 'image/webp'],
  ] as const)('recognises %s', (_, head, type) => {
    expect(detectImageType(head)).toBe(type)
  })

  it('decides on the first 12 bytes alone', () => {
    expect(detectImageType(WEBP_1X1.subarray(0, 12))).toBe('image/webp')
    expect(detectImageType(PNG_1X1.subarray(0, 8))).toBe('image/png')
  })

  it.each([
    ['a text file', ascii('Hello, this is a plain text file.\n')],
    ['an SVG', ascii('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>')],
    [
      'an SVG with an XML declaration',
      ascii('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ],
    ['an HTML page', ascii('<!DOCTYPE html><html><body></body></html>')],
    ['a PDF', ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')],
    ['a RIFF file that is not WebP (WAV)', bytes(...ascii('RIFF'), 0x24, 0x08, 0x00, 0x00, ...ascii('WAVEfmt '))],
    ['a GIF look-alike with an unknown version', ascii('GIF88a\x01\x00\x01\x00')],
    ['an empty buffer', new Uint8Array(0)],
  ])('refuses %s', (_, head) => {
    expect(detectImageType(head)).toBeUndefined()
  })

  it.each([
    ['JPEG', JPEG_JFIF.subarray(0, 2)],
    ['PNG', PNG_1X1.subarray(0, 7)],
    ['GIF', GIF89A_1X1.subarray(0, 5)],
    ['WebP', WEBP_1X1.subarray(0, 11)],
  ])('refuses a truncated %s header', (_, head) => {
    expect(detectImageType(head)).toBeUndefined()
  })
})

describe('IMAGE_EXTENSIONS', () => {
  it('gives every allowed type its usual extension', () => {
    expect(IMAGE_EXTENSIONS).toEqual({
      'image/jpeg': '.jpg',
      'image/png': '.png',
      'image/webp': '.webp',
      'image/gif': '.gif',
    })
  })
})
