import { decodeQuotedPrintable, expect, MailInbox, test } from '../../fixtures/admin'
import { E2E_SMTP_PORT } from '../../fixtures/constants'
import { addToCartFromProductPage, cartButton, cartDrawer } from '../../fixtures/storefront'

// The demo ships free and charges no tax (decision 0016); this flow turns charges on as an owner would: a domestic
// zone whose Standard method costs $9.95 below $500, a sales tax of 8% on goods, and the demo's code WELCOME10 (10%
// off from $50, once per e-mail address). Both go again at the end, so the other specs find the demo's free default.
test('the buyer sees shipping, tax and the code before ordering, and the same figures afterwards', async ({
  page,
  shopAdmin,
  request,
}) => {
  const auth = { authorization: `Bearer ${shopAdmin.token}` }
  const zone = await request.post('/api/admin/shipping-zones', {
    headers: auth,
    data: {
      name: `Domestic ${Date.now()}`,
      areas: ['US'],
      methods: [
        { name: 'Standard', price: '9.95', freeOver: '500', estimate: '3-5 business days' },
        { name: 'Express', price: '24.95', estimate: '1-2 business days' },
      ],
    },
  })
  expect(zone.status()).toBe(201)
  const rate = await request.post('/api/admin/tax-rates', {
    headers: auth,
    data: { name: 'Sales tax', country: 'US', rate: '8' },
  })
  expect(rate.status()).toBe(201)
  const inbox = await MailInbox.start(E2E_SMTP_PORT)
  try {
    const product = await shopAdmin.createProduct({ price: '120.00' })
    const email = `money-${Date.now()}@example.com`
    await addToCartFromProductPage(page, product)
    await cartButton(page).click()
    await cartDrawer(page).getByRole('link', { name: 'Checkout' }).click()
    await expect(page).toHaveURL(/\/checkout$/)

    const form = page.getByRole('form', { name: 'Checkout' })
    await form.getByRole('textbox', { name: 'Full name', exact: true }).fill('Clare Offredi')
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('5550132024')
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Cloister Way')
    await form.getByRole('textbox', { name: 'City', exact: true }).fill('Nashville')
    await form.getByRole('textbox', { name: 'State', exact: true }).fill('TN')
    await form.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('37203')
    await form.getByRole('textbox', { name: 'Country', exact: true }).fill('USA')

    const summary = page.getByRole('region', { name: 'Order Summary' })
    await expect(summary.getByText('Shipping (Standard)')).toBeVisible()
    await expect(summary.getByRole('radio', { name: /Standard: \$9\.95/ })).toBeChecked()
    await summary.getByRole('textbox', { name: 'Discount code' }).fill('welcome10')
    await summary.getByRole('button', { name: 'Apply' }).click()
    await expect(summary.getByText('Code applied: -$12.00')).toBeVisible()
    // $120.00 - $12.00 + $9.95 shipping + 8% of $108.00 ($8.64) = $126.59
    for (const figure of ['Discount (WELCOME10)', '-$12.00', 'Sales tax', '$8.64', '$126.59']) {
      await expect(summary.getByText(figure, { exact: true })).toBeVisible()
    }

    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
    const figures = ['Discount (WELCOME10)', '-$12.00', 'Shipping (Standard)', '$9.95', 'Tax', '$8.64', '$126.59']
    const confirmation = page.getByLabel('Charges')
    for (const figure of figures) await expect(confirmation.getByText(figure, { exact: true })).toBeVisible()

    // The guest order page shows what was stored.
    await page.getByRole('link', { name: 'View your order' }).click()
    const charges = page.getByLabel('Charges')
    for (const figure of figures) await expect(charges.getByText(figure, { exact: true })).toBeVisible()

    // So does the confirmation mail.
    const mail = decodeQuotedPrintable((await inbox.waitForMailTo(email)).raw)
    for (const figure of figures) expect(mail).toContain(figure)
  } finally {
    await inbox.close()
    await request.delete(`/api/admin/shipping-zones/${(await zone.json()).id}`, { headers: auth })
    await request.delete(`/api/admin/tax-rates/${(await rate.json()).id}`, { headers: auth })
  }
})
