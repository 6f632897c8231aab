import type { UploadMimeType } from '@shop/schema/uploads'

const JPEG = [0xff, 0xd8, 0xff]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const GIF87A = [...'GIF87a'].map((char) => char.charCodeAt(0))
const GIF89A = [...'GIF89a'].map((char) => char.charCodeAt(0))
const RIFF = [...'RIFF'].map((char) => char.charCodeAt(0))
const WEBP = [...'WEBP'].map((char) => char.charCodeAt(0))

export const IMAGE_EXTENSIONS: Record<UploadMimeType, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/gif': '.gif',
}

function startsWith(head: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return head.length >= offset + signature.length && signature.every((byte, index) => head[offset + index] === byte)
}

/**
 * The image type of a file, judged by its magic bytes alone: the client's MIME type and file name can lie,
 * and an SVG (script inside an image) or any other file must never be stored as an image.
 */
export function detectImageType(head: Uint8Array): UploadMimeType | undefined {
  if (startsWith(head, JPEG)) return 'image/jpeg'
  if (startsWith(head, PNG)) return 'image/png'
  if (startsWith(head, GIF87A) || startsWith(head, GIF89A)) return 'image/gif'
  // RIFF container: 'RIFF', a 4-byte little-endian size, then the form type 'WEBP'.
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp'
  return undefined
}
