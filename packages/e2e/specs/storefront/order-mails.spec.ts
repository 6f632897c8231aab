import { CUSTOMER, decodeQuotedPrintable, expect, expectToast, MailInbox, test } from '../../fixtures/admin'
import { E2E_SMTP_PORT } from '../../fixtures/constants'

/** The link to the guest order page in a mail (the server's PUBLIC_URL is this run's base URL). */
function orderLinkIn(raw: string): URL {
  const match = decodeQuotedPrintable(raw).match(/https?:\/\/[^\s"<>]+\/orders\/ORD-\d+\?key=[\w%-]+/)
  if (!match) throw new Error(`No order link in the mail:\n${raw}`)
  return new URL(match[0].replace(/&amp;/g, '&'))
}

test('the buyer opens the order from the confirmation mail, and follows it as the owner ships it', async ({
  adminPage,
  shopAdmin,
  browser,
}) => {
  const inbox = await MailInbox.start(E2E_SMTP_PORT)
  try {
    const product = await shopAdmin.createProduct()
    const order = await shopAdmin.placeOrder(product)
    const confirmation = await inbox.waitForMailTo(CUSTOMER.email)
    expect(decodeQuotedPrintable(confirmation.raw)).toContain(order.orderNumber)
    const link = orderLinkIn(confirmation.raw)

    // The buyer, in a browser of their own.
    const buyer = await (await browser.newContext()).newPage()
    await buyer.goto(link.href)
    await expect(buyer.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible()
    await expect(buyer.getByText(product.name)).toBeVisible()
    await expect(buyer.getByText(CUSTOMER.address)).toBeVisible()
    await expect(buyer.getByLabel('Status history').getByText('Placed')).toBeVisible()

    // The owner ships it with a tracking number; the buyer is notified by default.
    await adminPage.goto(`/admin/orders/${order.id}`)
    await adminPage.getByRole('combobox', { name: `New status of order ${order.orderNumber}` }).click()
    await adminPage.getByRole('option', { name: 'Completed', exact: true }).click()
    await adminPage.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784')
    await adminPage
      .getByRole('textbox', { name: 'Tracking link' })
      .fill('https://carrier.test/track/1Z999AA10123456784')
    await expect(adminPage.getByRole('switch', { name: 'Notify customer' })).toBeChecked()
    await adminPage.getByRole('button', { name: 'Update' }).click()
    await expectToast(adminPage, 'Order updated', 'The order status has been successfully updated')

    const mailsBefore = inbox.mails.indexOf(confirmation) + 1
    const shipped = await inbox.waitForMailTo(CUSTOMER.email, { skip: mailsBefore })
    const shippedText = decodeQuotedPrintable(shipped.raw)
    expect(shippedText).toContain('1Z999AA10123456784')
    expect(shippedText).toContain('https://carrier.test/track/1Z999AA10123456784')

    await buyer.reload()
    await expect(buyer.getByText('Completed').first()).toBeVisible()
    await expect(buyer.getByText('1Z999AA10123456784')).toBeVisible()
    await expect(buyer.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
      'href',
      'https://carrier.test/track/1Z999AA10123456784',
    )

    // The owner's timeline shows the change and the mails.
    const timeline = adminPage.getByLabel('Order timeline')
    await expect(timeline.getByText(/changed the status from Pending to Completed · customer notified/)).toBeVisible()
    await expect(timeline.getByText(`Status e-mail sent to ${CUSTOMER.email}`)).toBeVisible({ timeout: 10_000 })
    await buyer.context().close()
  } finally {
    await inbox.close()
  }
})

test('the owner edits the shop settings and the footer shows them at once', async ({ adminPage, shopAdmin }) => {
  await shopAdmin.restoreSettingsLater()
  await adminPage.goto('/admin/settings')
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  const phone = adminPage.getByRole('textbox', { name: 'Phone' })
  await phone.fill('+1 (555) 010-7777')
  await adminPage.getByRole('textbox', { name: 'Shop e-mail' }).fill('not-an-email')
  await adminPage.getByRole('button', { name: 'Save settings' }).click()
  await expect(adminPage.getByText('Please enter a valid email address')).toBeVisible()
  await adminPage.getByRole('textbox', { name: 'Shop e-mail' }).fill('atelier@example.com')
  await adminPage.getByRole('button', { name: 'Save settings' }).click()
  await expectToast(adminPage, 'Settings saved')

  await adminPage.goto('/')
  const footer = adminPage.getByRole('contentinfo')
  await expect(footer.getByText('+1 (555) 010-7777')).toBeVisible()
  await expect(footer.getByText('atelier@example.com')).toBeVisible()
})

test('a buyer asks for the link to an order from the footer, and hears the same whatever they typed', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Order Tracking' }).click()
  await expect(page).toHaveURL(/\/order-tracking$/)
  await page.getByRole('textbox', { name: 'Order number' }).fill('ORD-999999')
  await page.getByRole('textbox', { name: 'E-mail' }).fill('nobody@example.com')
  await page.getByRole('button', { name: 'E-mail me the link' }).click()
  await expect(page.getByRole('status')).toContainText(
    'If that order number and e-mail address belong to an order, we have sent a link to it to that address.',
  )
})
