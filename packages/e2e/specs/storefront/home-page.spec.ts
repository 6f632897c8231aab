import { expect, test } from '../../fixtures/test'

const FOOTER_LINKS = [
  'About Us',
  'Our Collections',
  'Care Guide',
  'FAQs',
  'Contact Us',
  'Shipping & Returns',
  'Warranty Information',
  'Privacy Policy',
  'Terms & Conditions',
  'Order Tracking',
]

test('the home page shows the hero, the collection, the bestsellers and the newsletter', async ({ page }) => {
  await page.goto('/')
  const main = page.getByRole('main')

  await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(main.getByRole('link', { name: 'Shop Collection' })).toHaveAttribute('href', '/category/necklaces')

  // Every category card shows the same piece count, 20.
  const collection = main.getByRole('region', { name: 'Our Collection' })
  const explore = collection.getByRole('link', { name: /\bExplore\b/ })
  await expect(explore).toHaveCount(5)
  for (const card of await explore.all()) await expect(card).toContainText('20 pieces')

  const bestsellers = main.getByRole('region', { name: 'Bestselling Pieces' })
  await expect(bestsellers.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/products')
  await expect(
    bestsellers
      .getByRole('link')
      .filter({ hasText: /\$[\d,]+\.\d{2}$/ })
      .first(),
  ).toBeVisible()

  const newsletter = main.getByRole('region', { name: 'Stay Updated' })
  await expect(newsletter.getByRole('textbox')).toHaveAttribute('type', 'email')
  await expect(newsletter.getByRole('button', { name: 'Subscribe' })).toBeVisible()
})

test('the footer shows the shop links, contact details and this year', async ({ page, request }) => {
  const shop = (await (await request.get('/api/shop')).json()) as { phone: string; email: string }
  await page.goto('/')
  const footer = page.getByRole('contentinfo')

  for (const name of FOOTER_LINKS) await expect(footer.getByRole('link', { name, exact: true })).toBeVisible()
  await expect(footer.getByText(shop.phone)).toBeVisible()
  await expect(footer.getByText(shop.email)).toBeVisible()
  await expect(footer).toContainText(String(new Date().getFullYear()))
})
