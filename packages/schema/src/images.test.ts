import { describe, expect, it } from 'vitest'
import { ogImageUrl, parseUploadImage, renditionUrl, renditionWidths, responsiveImage, uploadFileName } from './images'

const UUID = '0b6d4c1e-9f1a-4c53-8d2e-3a7b9c1d2e4f'
const PHOTO = `/uploads/${UUID}_2400x1800_a1b2c3.jpg`

describe('renditionWidths', () => {
  it('takes the standard widths narrower than the image', () => {
    expect(renditionWidths(2400)).toEqual([320, 640, 960, 1280, 1600])
    expect(renditionWidths(1601)).toEqual([320, 640, 960, 1280, 1600])
  })

  it('adds the image’s own width when it is no wider than 1,600 px', () => {
    expect(renditionWidths(1600)).toEqual([320, 640, 960, 1280, 1600])
    expect(renditionWidths(1000)).toEqual([320, 640, 960, 1000])
    expect(renditionWidths(320)).toEqual([320])
    expect(renditionWidths(40)).toEqual([40])
  })
})

describe('parseUploadImage', () => {
  it('reads the size, colour and renditions from an upload’s name', () => {
    expect(parseUploadImage(PHOTO)).toEqual({
      url: PHOTO,
      stem: `${UUID}_2400x1800_a1b2c3`,
      width: 2400,
      height: 1800,
      placeholder: '#a1b2c3',
      animated: false,
      renditionWidths: [320, 640, 960, 1280, 1600],
    })
  })

  it('knows an animation has no renditions', () => {
    const gif = `/uploads/${UUID}_8x6_c9a227_a.gif`
    expect(parseUploadImage(gif)).toMatchObject({ stem: `${UUID}_8x6_c9a227_a`, animated: true, renditionWidths: [] })
  })

  it('ignores a query string or fragment', () => {
    expect(parseUploadImage(`${PHOTO}?v=2`)?.url).toBe(PHOTO)
    expect(parseUploadImage(`${PHOTO}#x`)?.width).toBe(2400)
  })

  it('answers null for anything else', () => {
    for (const url of [
      undefined,
      null,
      '',
      `/uploads/${UUID}.jpg`,
      '/uploads/demo/ring.svg',
      `https://example.test/uploads/${UUID}_10x10_aaaaaa.jpg`,
      `/uploads/${UUID}_0x10_aaaaaa.jpg`,
      `/uploads/${UUID}_10x10_AAAAAA.jpg`,
      `/uploads/${UUID}_10x10_aaaaaa.svg`,
      `/uploads/r/${UUID}_10x10_aaaaaa-320.webp`,
      `/uploads/../${UUID}_10x10_aaaaaa.jpg`,
    ]) {
      expect(parseUploadImage(url)).toBeNull()
    }
  })

  it('reads back the name uploadFileName writes', () => {
    const name = uploadFileName(UUID, { width: 640, height: 480, colour: '00ff7f', animated: false }, '.png')
    expect(parseUploadImage(`/uploads/${name}`)).toMatchObject({ width: 640, height: 480, placeholder: '#00ff7f' })
    const animated = uploadFileName(UUID, { width: 8, height: 6, colour: '000000', animated: true }, '.webp')
    expect(parseUploadImage(`/uploads/${animated}`)?.animated).toBe(true)
  })
})

describe('responsiveImage', () => {
  it('lists AVIF then WebP sources at every rendition width', () => {
    const stem = `${UUID}_2400x1800_a1b2c3`
    expect(responsiveImage(PHOTO, '(min-width: 48em) 50vw, 100vw')).toEqual({
      src: PHOTO,
      srcSet: `${PHOTO} 2400w`,
      sizes: '(min-width: 48em) 50vw, 100vw',
      width: 2400,
      height: 1800,
      placeholder: '#a1b2c3',
      sources: [
        {
          type: 'image/avif',
          srcSet: [320, 640, 960, 1280, 1600].map((w) => `/uploads/r/${stem}-${w}.avif ${w}w`).join(', '),
        },
        {
          type: 'image/webp',
          srcSet: [320, 640, 960, 1280, 1600].map((w) => `/uploads/r/${stem}-${w}.webp ${w}w`).join(', '),
        },
      ],
    })
  })

  it('has no sources for an animation, and is null for other URLs', () => {
    expect(responsiveImage(`/uploads/${UUID}_8x6_c9a227_a.webp`, '64px')?.sources).toEqual([])
    expect(responsiveImage('/images/placeholder-product.svg', '64px')).toBeNull()
  })
})

describe('ogImageUrl', () => {
  it('picks the 1,280 px WebP rendition of a large photo', () => {
    expect(ogImageUrl(PHOTO)).toBe(renditionUrl(`${UUID}_2400x1800_a1b2c3`, 1280, 'webp'))
  })

  it('picks the widest WebP rendition of a smaller image, and the image itself otherwise', () => {
    expect(ogImageUrl(`/uploads/${UUID}_1000x750_a1b2c3.png`)).toBe(`/uploads/r/${UUID}_1000x750_a1b2c3-1000.webp`)
    expect(ogImageUrl(`/uploads/${UUID}_8x6_c9a227_a.gif`)).toBe(`/uploads/${UUID}_8x6_c9a227_a.gif`)
    expect(ogImageUrl('/uploads/demo/ring.svg')).toBe('/uploads/demo/ring.svg')
  })
})
