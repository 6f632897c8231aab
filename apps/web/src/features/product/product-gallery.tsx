import { UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import { FallbackImage } from '../../components/fallback-image'
import classes from './product-gallery.module.css'

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
        <FallbackImage
          key={current}
          src={current}
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
              <FallbackImage src={src} alt="" width={160} height={160} className={classes.thumbImage} />
            </UnstyledButton>
          ))}
        </div>
      )}
    </div>
  )
}
