import { type PaymentSettings, ZPaymentSettings } from '@shop/schema/payments'
import { decodeQuotedPrintable, expect, expectToast, MailInbox, test, uniqueSuffix } from '../../fixtures/admin'
import { E2E_SMTP_PORT } from '../../fixtures/constants'
import { checkOutAs } from '../../fixtures/storefront'

// Payment without a provider (docs/decisions/0014-payment-status.md). The owner offers bank transfer with her bank
// details; the buyer chooses it and is told how to pay on the confirmation, the order page and in the mail; the owner
// records the money.
test('the owner offers bank transfer, the buyer is told how to pay, and the owner marks the order paid', async ({
  adminPage: page,
  shopAdmin,
  request,
}) => {
  const headers = { authorization: `Bearer ${shopAdmin.token}` }
  const before: PaymentSettings = ZPaymentSettings.parse(
    await (await request.get('/api/admin/settings/payments', { headers })).json(),
  )
  const inbox = await MailInbox.start(E2E_SMTP_PORT)
  const suffix = uniqueSuffix()
  const instructions = `Pay to Grace & Gold, IBAN DE89 3704 0044 0532 0130 00 (${suffix})`
  try {
    // The owner enables bank transfer in Settings, with her bank details.
    await page.goto('/admin/settings')
    const methods = page.getByRole('form', { name: 'Payment methods' })
    await expect(methods).toBeVisible()
    const bankTransfer = methods.getByRole('switch', { name: 'Bank transfer' })
    if (!(await bankTransfer.isChecked())) await bankTransfer.click()
    const field = methods.getByRole('textbox', { name: 'Instructions for Bank transfer' })
    await field.fill('')
    await methods.getByRole('button', { name: 'Save payment methods' }).click()
    await expect(methods.getByText('Please enter the instructions for Bank transfer')).toBeVisible()
    await field.fill(instructions)
    await methods.getByRole('button', { name: 'Save payment methods' }).click()
    await expectToast(page, 'Payment methods saved')

    // A buyer checks out choosing bank transfer.
    const product = await shopAdmin.createProduct({ price: '80.00' })
    const email = `payer-${suffix}@example.com`
    const form = await checkOutAs(page, product, { name: 'Perpetua Payer', email })
    const choice = form.getByRole('radiogroup', { name: 'Payment method' })
    await choice.getByRole('radio', { name: 'Bank transfer' }).check()
    await expect(choice.getByRole('radio', { name: 'Bank transfer' })).toBeChecked()
    await page.getByRole('button', { name: 'Place Order' }).click()

    // The confirmation says how to pay.
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
    await expect(page.getByText('Payment: Bank transfer')).toBeVisible()
    await expect(page.getByText(instructions)).toBeVisible()
    const orderNumber = (await page.getByText(/^ORD-\d+$/).textContent())?.trim() ?? ''
    expect(orderNumber).toMatch(/^ORD-\d+$/)
    const order = (await shopAdmin.orders()).find((candidate) => candidate.orderNumber === orderNumber)
    if (!order) throw new Error(`order ${orderNumber} is not in the list`)
    shopAdmin.deleteLater('order', order.id)

    // So does the guest order page.
    await page.getByRole('link', { name: 'View your order' }).click()
    const payment = page.getByRole('region', { name: 'Payment' })
    await expect(payment.getByText('Payment: Bank transfer')).toBeVisible()
    await expect(payment.getByText(instructions)).toBeVisible()
    await expect(payment.getByText('Unpaid')).toBeVisible()

    // And the confirmation mail.
    const mail = decodeQuotedPrintable((await inbox.waitForMailTo(email)).raw)
    expect(mail).toContain('Bank transfer')
    expect(mail).toContain(instructions.replace('&', '&amp;'))

    // The transfer arrives: the owner records it with the amount and a note.
    await page.goto(`/admin/orders/${order.id}`)
    const record = page.getByRole('form', { name: 'Record a payment' })
    await expect(record.getByRole('textbox', { name: 'Amount' })).not.toHaveValue('')
    const total = await record.getByRole('textbox', { name: 'Amount' }).inputValue()
    expect(Number(total)).toBeGreaterThanOrEqual(80)
    await record.getByRole('textbox', { name: 'Payment note' }).fill(`Transfer ${suffix} received`)
    await record.getByRole('button', { name: 'Record payment' }).click()
    await expectToast(page, 'Payment recorded')
    const timeline = page.getByLabel('Order timeline')
    await expect(timeline.getByText(/recorded a payment of \$[\d,.]+ · Paid/)).toBeVisible()
    await expect(timeline.getByText(`Transfer ${suffix} received`)).toBeVisible()

    // The orders list finds it among the paid orders.
    await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
    const rows = page.getByRole('main').locator('tbody tr')
    await expect(rows).toHaveCount(1)
    await page.getByRole('combobox', { name: 'Filter by payment' }).click()
    await page.getByRole('option', { name: 'Unpaid', exact: true }).click()
    await expect(page).toHaveURL(/[?&]paymentStatus=unpaid(&|$)/)
    await expect(page.getByText('No orders found.')).toBeVisible()
    await page.getByRole('combobox', { name: 'Filter by payment' }).click()
    await page.getByRole('option', { name: 'Paid', exact: true }).click()
    await expect(page).toHaveURL(/[?&]paymentStatus=paid(&|$)/)
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(orderNumber)
    await expect(rows.first()).toContainText('Paid')
  } finally {
    await inbox.close()
    await request.put('/api/admin/settings/payments', {
      headers,
      data: { methods: before.methods.map(({ kind, enabled, instructions }) => ({ kind, enabled, instructions })) },
    })
  }
})
