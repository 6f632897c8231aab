import { Image, type ImageProps } from '@mantine/core'
import { responsiveImage } from '@shop/schema/images'
import { type ComponentPropsWithoutRef, type CSSProperties, useEffect, useRef, useState } from 'react'
import { PRODUCT_PLACEHOLDER } from './fallback-image'

type ResponsiveImageProps = ImageProps &
  Omit<ComponentPropsWithoutRef<'img'>, keyof ImageProps | 'srcSet' | 'sizes' | 'src'> & {
    src: string | null | undefined
    /**
     * How wide the image is shown, as in HTML's `sizes` (e.g. '(min-width: 62em) 50vw, 100vw'): the browser picks
     * the smallest rendition that covers it. It must follow the CSS at every width.
     */
    sizes: string
    /** Shown when there is no image or it fails to load (spec: a fallback image). */
    fallback?: string
    /** Above the fold: load at once with high priority; otherwise lazily. */
    isPriority?: boolean
  }

// Layout-neutral: the <img> is laid out as if it were the parent's own child (width/height: 100% keep working).
const PICTURE_STYLE: CSSProperties = { display: 'contents' }

/**
 * An image with width and height set (no layout shift), lazy below the fold, replaced by a fallback on error. An
 * upload of the current naming (@shop/schema/images) becomes a <picture> with AVIF and WebP renditions at the
 * widths `sizes` calls for, its real width and height, and its average colour behind it until it arrives. Any
 * other URL (the demo artwork, an outside address, an old upload) is a plain <img>.
 *
 * Renders the same on the server and in the browser (no ids, no window); a load that happened before hydration
 * is picked up in an effect.
 */
export function ResponsiveImage({
  src,
  sizes,
  fallback = PRODUCT_PLACEHOLDER,
  isPriority,
  width,
  height,
  style,
  onError,
  onLoad,
  ...props
}: ResponsiveImageProps) {
  // What failed: the upload (then the fallback is shown), or the fallback too (then nothing more is tried).
  const [failed, setFailed] = useState<'image' | 'fallback' | null>(null)
  const [isLoaded, setLoaded] = useState(false)
  const imgRef = useRef<HTMLImageElement>(null)
  const usable = src && failed === null ? src : undefined
  const image = responsiveImage(usable, sizes)
  const currentSrc = usable ?? fallback

  // A new src starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: src is the trigger, not a value read here
  useEffect(() => {
    setFailed(null)
    setLoaded(false)
  }, [src])

  // The server's HTML may have loaded before React attached its handlers: the placeholder colour goes then too.
  // (A failure before hydration is not read back here: a not-yet-loaded lazy image and an SVG without a size both
  // look broken to `complete` and `naturalWidth`, so only the error event counts.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again whenever what is shown changes
  useEffect(() => {
    const element = imgRef.current
    if (element?.complete && element.naturalWidth > 0) setLoaded(true)
  }, [currentSrc])

  function markFailed() {
    setFailed((previous) => (previous === null && usable ? 'image' : 'fallback'))
  }

  const placeholderStyle: CSSProperties | undefined =
    image && !isLoaded ? { backgroundColor: image.placeholder } : undefined

  const img = (
    <Image
      ref={imgRef}
      src={failed === 'fallback' ? fallback : currentSrc}
      srcSet={image?.srcSet}
      sizes={image ? sizes : undefined}
      width={image?.width ?? width}
      height={image?.height ?? height}
      loading={isPriority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={isPriority ? 'high' : undefined}
      style={placeholderStyle ? [placeholderStyle, style] : style}
      onLoad={(event) => {
        setLoaded(true)
        onLoad?.(event)
      }}
      onError={(event) => {
        if (failed !== 'fallback') markFailed()
        onError?.(event)
      }}
      {...props}
    />
  )
  if (!image || image.sources.length === 0) return img
  return (
    <picture style={PICTURE_STYLE}>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
