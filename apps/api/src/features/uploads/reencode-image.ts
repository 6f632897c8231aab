import { RENDITION_FORMATS, type RenditionFormat, renditionWidths, UPLOAD_MAX_SIDE } from '@shop/schema/images'
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

// The renditions are what visitors download: smaller at a quality where a photo shows no loss at its display size.
// The owner waits for them while uploading (ten photos at once), so the encoders' effort is low: for one 12-MP
// photo's five widths, AVIF effort 1 (of 0-9) took a third of effort 2's time for 14% more bytes, and WebP effort 2
// (of 0-6) under half of the default 4's for 5% more.
const RENDITION_OPTIONS = {
  avif: { quality: 55, effort: 1, chromaSubsampling: '4:2:0' },
  webp: { quality: 80, effort: 2 },
} as const

export interface Rendition {
  width: number
  format: RenditionFormat
  bytes: Buffer
}

/** An upload as stored: its own bytes (re-encoded, at most UPLOAD_MAX_SIDE long), its facts, its renditions. */
export interface ProcessedImage {
  bytes: Buffer
  width: number
  height: number
  /** The average colour, `rrggbb`. */
  colour: string
  animated: boolean
  renditions: Rendition[]
}

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

function hex(value: number | undefined): string {
  return (value ?? 0).toString(16).padStart(2, '0')
}

/** The image's average colour, `rrggbb`, transparent parts seen on white (the storefront's background). */
async function averageColour(image: Sharp): Promise<string> {
  const { data } = await image
    .flatten({ background: '#ffffff' })
    .resize(1, 1, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  // A grey image has one channel.
  return data.length >= 3 ? `${hex(data[0])}${hex(data[1])}${hex(data[2])}` : `${hex(data[0]).repeat(3)}`
}

/** Decoded pixels that every output is made from, so that the file is decoded once. */
interface Pixels {
  data: Buffer
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 }
}

function fromPixels(pixels: Pixels): Sharp {
  return sharp(pixels.data, { raw: pixels.raw }).timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
}

/** The AVIF and WebP renditions of still pixels, at every width renditionWidths() names for them. */
async function renditionsOf(pixels: Pixels): Promise<Rendition[]> {
  const jobs = renditionWidths(pixels.raw.width).flatMap((width) =>
    RENDITION_FORMATS.map(async (format): Promise<Rendition> => {
      const resized = fromPixels(pixels).resize({ width })
      const encoded = format === 'avif' ? resized.avif(RENDITION_OPTIONS.avif) : resized.webp(RENDITION_OPTIONS.webp)
      return { width, format, bytes: await encoded.toBuffer() }
    }),
  )
  return Promise.all(jobs)
}

async function decode(image: Sharp): Promise<Pixels> {
  const { data, info } = await image.toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true })
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } }
}

/**
 * The image decoded and encoded again, in its own format, as what is stored and served, with its renditions:
 * only pixels survive. Bytes appended to the image (an HTML page after a PNG's end, for a browser that sniffs),
 * EXIF with the GPS position of the workshop, XMP and comments are all gone; the EXIF orientation is applied to
 * the pixels first, and a still image larger than UPLOAD_MAX_SIDE on its long side is scaled down to it.
 * `type` is what the magic bytes said (image-type.ts); libvips must agree, or the file is refused.
 *
 * An animation (GIF or WebP of several frames) is kept whole, at its own size, without renditions: a still
 * rendition would lose the animation, and an animated AVIF is not what browsers decode cheaply.
 *
 * Throws AppError 400 for an image over UPLOAD_MAX_PIXELS, judged from its header before any pixel is decoded,
 * and for bytes that do not decode. Runs on libuv's thread pool, so the event loop stays free.
 */
export async function processImage(bytes: Buffer, type: UploadMimeType): Promise<ProcessedImage> {
  const mayAnimate = ANIMATED_TYPES.has(type)
  let metadata: Metadata
  try {
    // Reads the header only. No pixel limit here, so that an oversized image gets its own message below.
    metadata = await sharp(bytes, { animated: mayAnimate, limitInputPixels: false }).metadata()
  } catch (error) {
    throw unreadable(error)
  }
  if (metadata.format !== SHARP_FORMATS[type]) throw unreadable(`libvips read ${metadata.format} for ${type}`)
  // With `animated`, height is that of all frames stacked: what decoding will allocate.
  if (metadata.width * metadata.height > UPLOAD_MAX_PIXELS) {
    throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.tooManyPixels)
  }
  const animated = mayAnimate && (metadata.pages ?? 1) > 1

  // limitInputPixels again, in case the decoder finds more pixels than the header claimed. failOn 'error' refuses
  // truncated and corrupt data but accepts the harmless warnings that many cameras' files raise.
  const input = (options: { animated: boolean }) =>
    sharp(bytes, { ...options, limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' }).timeout({
      seconds: PROCESSING_TIMEOUT_SECONDS,
    })
  try {
    if (animated) {
      // sharp writes no metadata unless told to (withMetadata, keepExif...): the output carries none.
      const [encoded, colour] = await Promise.all([
        encode(input({ animated: true }), type, metadata).toBuffer({ resolveWithObject: true }),
        averageColour(input({ animated: false })),
      ])
      const height = encoded.info.pageHeight ?? metadata.pageHeight ?? encoded.info.height
      return { bytes: encoded.data, width: encoded.info.width, height, colour, animated, renditions: [] }
    }
    const pixels = await decode(
      input({ animated: false })
        .rotate()
        .resize({ width: UPLOAD_MAX_SIDE, height: UPLOAD_MAX_SIDE, fit: 'inside', withoutEnlargement: true }),
    )
    const [stored, colour, renditions] = await Promise.all([
      encode(fromPixels(pixels), type, metadata).toBuffer(),
      averageColour(fromPixels(pixels)),
      renditionsOf(pixels),
    ])
    return { bytes: stored, width: pixels.raw.width, height: pixels.raw.height, colour, animated, renditions }
  } catch (error) {
    throw unreadable(error)
  }
}

/** The renditions of an image already stored (by processImage): for images stored before renditions existed. */
export async function renditionsOfStored(bytes: Buffer): Promise<Rendition[]> {
  return renditionsOf(await decode(sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })))
}
