/**
 * What an uploaded image's URL says about it, so that any <img> can carry width, height, a placeholder colour and
 * a srcset without asking the server. The upload pipeline (apps/api/src/features/uploads/) names every file
 *
 *   /uploads/{uuid}_{width}x{height}_{rrggbb}.{jpg|png|webp|gif}       the stored image (at most 2,400 px long)
 *   /uploads/{uuid}_{width}x{height}_{rrggbb}_a.{gif|webp}             an animation: no renditions
 *   /uploads/r/{uuid}_{width}x{height}_{rrggbb}-{w}.{avif|webp}         its renditions, w in renditionWidths()
 *
 * `rrggbb` is the image's average colour. Every function here is pure: the server renders with them and the
 * browser hydrates with them, so both must agree. Any other URL (the demo artwork, an outside http(s) address,
 * an upload of the old `{uuid}.{ext}` form) has no such facts: the parsers answer null and callers fall back to a
 * plain <img>.
 */

/** The widths renditions are made at, narrowest first; an image gets those narrower than itself. */
export const RENDITION_WIDTHS = [320, 640, 960, 1280, 1600] as const
const WIDEST_RENDITION = 1600
/** The longest side of a stored upload; larger photos are scaled down to it. */
export const UPLOAD_MAX_SIDE = 2400
/** The formats of the renditions, best first (the order of <picture>'s <source>s). */
export const RENDITION_FORMATS = ['avif', 'webp'] as const
export type RenditionFormat = (typeof RENDITION_FORMATS)[number]
/** The width of the rendition preferred for link previews (og:image). */
export const OG_IMAGE_WIDTH = 1280

const UPLOAD_PATTERN =
  /^\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([1-9][0-9]{0,4})x([1-9][0-9]{0,4})_([0-9a-f]{6})(_a)?\.(jpg|png|webp|gif)$/

export interface UploadImage {
  /** The URL as given: the stored image. */
  url: string
  /** The file name without its extension, shared with the renditions. */
  stem: string
  width: number
  height: number
  /** The average colour, as CSS `#rrggbb`. */
  placeholder: string
  animated: boolean
  /** The widths of its renditions, narrowest first; empty for an animation. */
  renditionWidths: number[]
}

/**
 * The rendition widths of an image `width` pixels wide: the standard widths narrower than it, plus its own width
 * when it is no wider than the widest standard one, so that AVIF and WebP cover it up to full size.
 */
export function renditionWidths(width: number): number[] {
  const widths: number[] = RENDITION_WIDTHS.filter((candidate) => candidate < width)
  if (width <= WIDEST_RENDITION) widths.push(width)
  return widths
}

/** The name an upload is stored under (without the directory); `colour` is `rrggbb`. */
export function uploadFileName(
  uuid: string,
  image: { width: number; height: number; colour: string; animated: boolean },
  extension: string,
): string {
  return `${uuid}_${image.width}x${image.height}_${image.colour}${image.animated ? '_a' : ''}${extension}`
}

/** The URL of one rendition of the image whose file name (without extension) is `stem`. */
export function renditionUrl(stem: string, width: number, format: RenditionFormat): string {
  return `/uploads/r/${stem}-${width}.${format}`
}

/** The facts an upload's URL carries, or null for any other URL. Ignores a query string or fragment. */
export function parseUploadImage(url: string | null | undefined): UploadImage | null {
  if (!url) return null
  const bare = url.split(/[?#]/, 1)[0] ?? ''
  const match = UPLOAD_PATTERN.exec(bare)
  if (!match) return null
  const [, uuid, width, height, colour, animated] = match
  const image = {
    url: bare,
    width: Number(width),
    height: Number(height),
    placeholder: `#${colour}`,
    animated: animated !== undefined,
  }
  return {
    ...image,
    stem: `${uuid}_${width}x${height}_${colour}${animated ?? ''}`,
    renditionWidths: image.animated ? [] : renditionWidths(image.width),
  }
}

export interface ResponsiveSource {
  type: `image/${RenditionFormat}`
  srcSet: string
}

export interface ResponsiveImage {
  /** The stored image: what browsers without AVIF or WebP show, and the <img>'s src. */
  src: string
  /** The <img>'s own srcset: the stored image at its width (sizes then picks nothing smaller than needed). */
  srcSet: string
  sizes: string
  width: number
  height: number
  placeholder: string
  /** <source>s for <picture>, best format first; empty for an animation. */
  sources: ResponsiveSource[]
}

/**
 * Everything a <picture> needs for an upload, given the CSS width the image is shown at (`sizes`, as in HTML), or
 * null for a URL that is not an upload of the current form.
 */
export function responsiveImage(url: string | null | undefined, sizes: string): ResponsiveImage | null {
  const image = parseUploadImage(url)
  if (!image) return null
  const sources = RENDITION_FORMATS.flatMap((format): ResponsiveSource[] =>
    image.renditionWidths.length === 0
      ? []
      : [
          {
            type: `image/${format}`,
            srcSet: image.renditionWidths
              .map((width) => `${renditionUrl(image.stem, width, format)} ${width}w`)
              .join(', '),
          },
        ],
  )
  return {
    src: image.url,
    srcSet: `${image.url} ${image.width}w`,
    sizes,
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    sources,
  }
}

/**
 * The URL to give link previews (og:image) for an image: the WebP rendition about 1,200 px wide when there is
 * one, else the widest WebP rendition below it, else the image itself (an animation, a small image, any URL that
 * is not an upload).
 */
export function ogImageUrl(url: string): string {
  const image = parseUploadImage(url)
  if (!image || image.renditionWidths.length === 0) return url
  const fitting = image.renditionWidths.filter((width) => width <= OG_IMAGE_WIDTH)
  const width = fitting[fitting.length - 1]
  return width === undefined ? url : renditionUrl(image.stem, width, 'webp')
}
