import { UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import { ResponsiveImage } from '../../components/responsive-image'
import classes from './product-gallery.module.css'

/**
 * The gallery's width: the page's Container (1,320 px at most, 16 px padding each side) holds it alone below 62em,
 * and beside the details above (two columns 56 px apart). Thumbnails are a fifth of it, 8 px apart.
 */
export const GALLERY_SIZES = '(min-width: 1320px) 616px, (min-width: 62em) calc(50vw - 44px), calc(100vw - 32px)'
const THUMB_SIZES = '(min-width: 1320px) 117px, (min-width: 62em) calc(10vw - 16px), calc(20vw - 13px)'

interface ProductGalleryProps {
  imageUrls: string[]
  name: string
}

/** The main image and a row of thumbnails that choose it; broken images show the placeholder. */
export function ProductGallery({ imageUrls, name }: ProductGalleryProps) {
  const [activeIndex, setActiveIndex] = useState(0)
  const images = imageUrls.length > 0 ? imageUrls : ['']
  const current = images[Math.min(activeIndex, images.length - 1)] ?? ''

  return (
    <div className={classes.gallery}>
      <div className={classes.stage}>
        <ResponsiveImage
          key={current}
          src={current}
          sizes={GALLERY_SIZES}
          alt={name}
          isPriority
          width={800}
          height={800}
          className={classes.mainImage}
        />
      </div>
      {images.length > 1 && (
        <div className={classes.thumbs}>
          {images.map((src, index) => (
            <UnstyledButton
              // The same URL may appear twice; the position is what identifies a thumbnail.
              // biome-ignore lint/suspicious/noArrayIndexKey: positions are stable for a given product
              key={index}
              className={classes.thumb}
              data-active={index === activeIndex || undefined}
              aria-label={`Show image ${index + 1}`}
              aria-pressed={index === activeIndex}
              onClick={() => setActiveIndex(index)}
            >
              <ResponsiveImage
                src={src}
                sizes={THUMB_SIZES}
                alt=""
                width={160}
                height={160}
                className={classes.thumbImage}
              />
            </UnstyledButton>
          ))}
        </div>
      )}
    </div>
  )
}
