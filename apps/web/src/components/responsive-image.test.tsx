import { cleanup, fireEvent } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../test-utils/render'
import { PRODUCT_PLACEHOLDER } from './fallback-image'
import { ResponsiveImage } from './responsive-image'

const STEM = '0b6d4c1e-9f1a-4c53-8d2e-3a7b9c1d2e4f_2400x1800_a1b2c3'
const UPLOAD = `/uploads/${STEM}.jpg`
const SIZES = '(min-width: 62em) 50vw, 100vw'

afterEach(cleanup)

describe('ResponsiveImage', () => {
  it('shows an upload as a <picture> with AVIF and WebP renditions, its size and its colour until it loads', () => {
    const { container } = render(<ResponsiveImage src={UPLOAD} sizes={SIZES} alt="Ring" width={800} height={800} />)

    const sources = [...container.querySelectorAll('picture > source')]
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp'])
    expect(sources[0]?.getAttribute('srcset')).toBe(
      [320, 640, 960, 1280, 1600].map((w) => `/uploads/r/${STEM}-${w}.avif ${w}w`).join(', '),
    )
    expect(sources.every((source) => source.getAttribute('sizes') === SIZES)).toBe(true)
    const img = container.querySelector('picture > img') as HTMLImageElement
    expect(img.getAttribute('src')).toBe(UPLOAD)
    expect(img.getAttribute('srcset')).toBe(`${UPLOAD} 2400w`)
    expect(img.getAttribute('sizes')).toBe(SIZES)
    expect(img.getAttribute('width')).toBe('2400')
    expect(img.getAttribute('height')).toBe('1800')
    expect(img.getAttribute('loading')).toBe('lazy')
    expect(img.style.backgroundColor).toMatch(/^(#a1b2c3|rgb\(161, 178, 195\))$/)

    fireEvent.load(img)
    expect(img.style.backgroundColor).toBe('')
  })

  it('loads a priority image at once, with high priority', () => {
    const { container } = render(<ResponsiveImage src={UPLOAD} sizes={SIZES} alt="" isPriority />)

    const img = container.querySelector('img')
    expect(img?.getAttribute('loading')).toBe('eager')
    expect(img?.getAttribute('fetchpriority')).toBe('high')
  })

  it('shows any other URL as a plain <img> with the given size', () => {
    const { container } = render(
      <ResponsiveImage src="/uploads/demo/ring.svg" sizes={SIZES} alt="" width={800} height={800} />,
    )

    expect(container.querySelector('picture')).toBeNull()
    const img = container.querySelector('img')
    expect(img?.getAttribute('src')).toBe('/uploads/demo/ring.svg')
    expect(img?.getAttribute('srcset')).toBeNull()
    expect(img?.getAttribute('width')).toBe('800')
  })

  it('replaces an image that fails to load by the fallback, without the renditions', () => {
    const { container } = render(<ResponsiveImage src={UPLOAD} sizes={SIZES} alt="" />)

    fireEvent.error(container.querySelector('img') as HTMLImageElement)

    expect(container.querySelector('picture')).toBeNull()
    const img = container.querySelector('img')
    expect(img?.getAttribute('src')).toBe(PRODUCT_PLACEHOLDER)
    expect(img?.getAttribute('srcset')).toBeNull()
    // The fallback failing too is the end of it.
    fireEvent.error(img as HTMLImageElement)
    expect(container.querySelector('img')?.getAttribute('src')).toBe(PRODUCT_PLACEHOLDER)
  })

  it('shows the fallback when there is no image', () => {
    const { container } = render(
      <ResponsiveImage src={null} sizes={SIZES} alt="" fallback="/images/stock-category.svg" />,
    )

    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/stock-category.svg')
  })
})
