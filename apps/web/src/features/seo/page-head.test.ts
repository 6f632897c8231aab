import { describe, expect, it } from 'vitest'
import { absoluteUrl, documentTitle, headTags, headTagsToHtml, jsonForScript } from './page-head'

const site = { publicUrl: 'https://shop.test', shopName: 'Grace & Gold' }

describe('headTags', () => {
  it('writes the title with the shop name, and the canonical URL on the public origin without the query', () => {
    const tags = headTags({ title: 'Rings', description: 'Bands and signets.' }, site, '/category/rings')
    expect(tags[0]).toEqual({ tag: 'title', text: 'Rings | Grace & Gold' })
    expect(tags).toContainEqual({ tag: 'meta', attrs: { name: 'description', content: 'Bands and signets.' } })
    expect(tags).toContainEqual({ tag: 'link', attrs: { rel: 'canonical', href: 'https://shop.test/category/rings' } })
    expect(tags).toContainEqual({ tag: 'meta', attrs: { property: 'og:type', content: 'website' } })
    expect(tags).toContainEqual({ tag: 'meta', attrs: { name: 'twitter:card', content: 'summary' } })
  })

  it('makes the preview image absolute, and a product page gives its price', () => {
    const tags = headTags(
      {
        title: 'Gold Cross',
        type: 'product',
        image: '/uploads/cross.jpg',
        price: { amount: '89.00', currency: 'USD', availability: 'OutOfStock' },
      },
      site,
      '/product/1',
    )
    expect(tags).toContainEqual({
      tag: 'meta',
      attrs: { property: 'og:image', content: 'https://shop.test/uploads/cross.jpg' },
    })
    expect(tags).toContainEqual({ tag: 'meta', attrs: { property: 'product:price:amount', content: '89.00' } })
    expect(tags).toContainEqual({ tag: 'meta', attrs: { property: 'product:availability', content: 'out of stock' } })
    expect(tags).toContainEqual({ tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } })
  })

  it('keeps search engines off a page that is not there', () => {
    const tags = headTags({ title: 'Page Not Found', notFound: true }, site, '/nowhere')
    expect(tags).toContainEqual({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } })
  })

  it('falls back to the shop name, then the default title', () => {
    expect(documentTitle(undefined, 'Grace & Gold')).toBe('Grace & Gold')
    expect(documentTitle(undefined, undefined)).toBe('Handcrafted Faith Jewelry')
  })
})

describe('head HTML', () => {
  it('escapes attribute values and text', () => {
    const html = headTagsToHtml(headTags({ title: '"Faith" <Rings>' }, site, '/'))
    expect(html).toContain('<title>&quot;Faith&quot; &lt;Rings&gt; | Grace &amp; Gold</title>')
    expect(html).toContain('content="&quot;Faith&quot; &lt;Rings&gt;"')
  })

  it('writes JSON-LD that no text can close early', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script>', note: 'a\u2028b' })
    expect(json).not.toContain('</script>')
    expect(json).not.toContain('<')
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', note: 'a\u2028b' })
  })

  it('leaves an absolute image URL (an allowed image host) as it is', () => {
    expect(absoluteUrl('https://shop.test', 'https://images.test/a.jpg')).toBe('https://images.test/a.jpg')
    expect(absoluteUrl('https://shop.test', 'uploads/a.jpg')).toBe('https://shop.test/uploads/a.jpg')
  })
})
