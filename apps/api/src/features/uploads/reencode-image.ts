import { UPLOAD_MAX_PIXELS, UPLOAD_MESSAGES, type UploadMimeType } from '@shop/schema/uploads'
import sharp, { type FormatEnum, type Metadata, type Sharp } from 'sharp'
import { AppError } from '../../lib/app-error'

const SHARP_FORMATS: Record<UploadMimeType, keyof FormatEnum> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
}

// GIF and WebP may be animations: every frame is read and written. libvips reads one frame of PNG (no APNG).
const ANIMATED_TYPES: ReadonlySet<UploadMimeType> = new Set(['image/gif', 'image/webp'])

// A file that takes longer than this to decode and encode (50 megapixels take a few seconds on one core) is built
// to waste CPU (a JPEG with thousands of progressive scans, say) and is refused rather than hold a libuv thread.
const PROCESSING_TIMEOUT_SECONDS = 30

// Quality 90 keeps a jeweller's detail (engraving, stone facets) with no visible loss. mozjpeg's trellis preset
// would save about a tenth of the bytes for three times the CPU, on the request path; progressive is nearly free.
const JPEG_OPTIONS = { quality: 90, progressive: true } as const
const WEBP_OPTIONS = { quality: 90 } as const

/** The client gets the plain message; the decoder's own words stay in `cause`, for the log. */
function unreadable(cause: unknown): AppError {
  const error = new AppError('BAD_REQUEST', UPLOAD_MESSAGES.unreadable)
  error.cause = cause
  return error
}

function encode(image: Sharp, type: UploadMimeType, metadata: Metadata): Sharp {
  switch (type) {
    case 'image/jpeg':
      return image.jpeg(JPEG_OPTIONS)
    case 'image/png':
      // A palette PNG (logos, drawings) stays a palette PNG: as RGB it would be several times larger.
      return image.png({ palette: metadata.isPalette })
    case 'image/webp':
      return image.webp(WEBP_OPTIONS)
    case 'image/gif':
      return image.gif()
  }
}

/**
 * The image decoded and encoded again, in its own format, as what is stored and served: only pixels survive.
 * Bytes appended to the image (an HTML page after a PNG's end, for a browser that sniffs), EXIF with the GPS
 * position of the workshop, XMP and comments are all gone; the EXIF orientation is applied to the pixels first.
 * `type` is what the magic bytes said (image-type.ts); libvips must agree, or the file is refused.
 *
 * Throws AppError 400 for an image over UPLOAD_MAX_PIXELS, judged from its header before any pixel is decoded,
 * and for bytes that do not decode. Runs on libuv's thread pool, so the event loop stays free.
 */
export async function reencodeImage(bytes: Buffer, type: UploadMimeType): Promise<Buffer> {
  const animated = ANIMATED_TYPES.has(type)
  let metadata: Metadata
  try {
    // Reads the header only. No pixel limit here, so that an oversized image gets its own message below.
    metadata = await sharp(bytes, { animated, limitInputPixels: false }).metadata()
  } catch (error) {
    throw unreadable(error)
  }
  if (metadata.format !== SHARP_FORMATS[type]) throw unreadable(`libvips read ${metadata.format} for ${type}`)
  // With `animated`, height is that of all frames stacked: what decoding will allocate.
  if (metadata.width * metadata.height > UPLOAD_MAX_PIXELS) {
    throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.tooManyPixels)
  }

  // limitInputPixels again, in case the decoder finds more pixels than the header claimed. failOn 'error' refuses
  // truncated and corrupt data but accepts the harmless warnings that many cameras' files raise.
  const image = sharp(bytes, { animated, limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
  try {
    // sharp writes no metadata unless told to (withMetadata, keepExif...): the output carries none.
    return await encode(image, type, metadata).toBuffer()
  } catch (error) {
    throw unreadable(error)
  }
}
