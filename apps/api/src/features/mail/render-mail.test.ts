import { goodsOnlyCharges } from '@shop/schema/orders'
import { describe, expect, it } from 'vitest'
import type { MailOrder, MailShop } from './mail-data'
import { renderOrderPlacedMail, renderOrderStatusMail, renderTestMail } from './render-mail'

const shop: MailShop = {
  name: 'Grace & Gold Jewelry',
  email: 'hello@example.com',
  phone: '+1 (555) 013-2024',
  address: '12 Chapel Lane, Nashville, TN 37203, USA',
}
const order: MailOrder = {
  orderNumber: 'ORD-1042',
  createdAt: '2026-11-23T15:30:00.000Z',
  customerName: '<script>alert(1)</script> & "Zoë"',
  customerEmail: 'zoe@example.com',
  shippingAddress: '48 Elm Street, Austin, TX 78701, USA',
  notes: null,
  items: [
    {
      name: 'Mustard Seed Faith Necklace',
      sku: 'NEC-2001',
      quantity: 2,
      price: '64.50',
      lineTotal: '129.00',
      variantLabel: 'Size 7 / Sterling silver',
      personalization: [],
      leadTime: { minDays: 10, maxDays: 15 },
    },
    {
      name: 'Heart Locket',
      sku: 'LOC-3310',
      quantity: 1,
      price: '1240.00',
      lineTotal: '1240.00',
      variantLabel: null,
      personalization: [{ label: 'Engraving', value: '<b>José</b> ✝ שָׁלוֹם' }],
      leadTime: null,
    },
  ],
  total: '1369.00',
  charges: goodsOnlyCharges('1369.00'),
  status: 'completed',
  trackingNumber: null,
  trackingUrl: null,
}
const orderUrl = 'http://shop.test/orders/ORD-1042?key=abc'

describe('the shop mails', () => {
  it('puts every fact of the order in both parts of the confirmation', async () => {
    const mail = await renderOrderPlacedMail({ shop, order, orderUrl })
    expect(mail.subject).toBe('Your order ORD-1042 at Grace & Gold Jewelry')
    for (const fact of ['ORD-1042', '23 November 2026', 'NEC-2001', '$64.50', '$129.00', '$1,240.00', '$1,369.00']) {
      expect(mail.html).toContain(fact)
      expect(mail.text).toContain(fact)
    }
    expect(mail.text).toContain(orderUrl)
    expect(mail.html).toContain(`href="${orderUrl.replace(/&/g, '&amp;')}"`)
    expect(mail.text).toContain(shop.phone)
  })

  it('shows the variant, the personalisation exactly as typed (as text) and the made-to-order note', async () => {
    const mail = await renderOrderPlacedMail({ shop, order, orderUrl })
    for (const fact of ['Size 7 / Sterling silver', 'Made to order: ships in 10-15 business days']) {
      expect(mail.html).toContain(fact)
      expect(mail.text).toContain(fact)
    }
    expect(mail.text).toContain('Engraving: <b>José</b> ✝ שָׁלוֹם')
    // What the buyer typed is isolated in its own direction, escaped.
    expect(mail.html).toContain('Engraving: <span dir="auto">&lt;b&gt;José&lt;/b&gt; ✝ שָׁלוֹם</span>')
    expect(mail.html).not.toContain('<b>José')
  })

  it('tells the buyer how to pay: the method chosen and the instructions, as text', async () => {
    const payment = { methodName: 'Bank transfer', instructions: 'IBAN DE89 <b>3704</b>\nReference: ORD-1042' }
    const mail = await renderOrderPlacedMail({ shop, order: { ...order, payment }, orderUrl })
    expect(mail.text).toContain('Bank transfer')
    expect(mail.text).toContain('IBAN DE89 <b>3704</b>')
    expect(mail.html).toContain('IBAN DE89 &lt;b&gt;3704&lt;/b&gt;')
    const without = await renderOrderPlacedMail({ shop, order, orderUrl })
    expect(without.text).not.toMatch(/payment:/i)
  })

  it('shows a customer name as text, never as markup', async () => {
    const mail = await renderOrderPlacedMail({ shop, order, orderUrl })
    expect(mail.html).not.toMatch(/<script/i)
    expect(mail.html).toContain('&lt;script&gt;')
    expect(mail.text).toContain('<script>alert(1)</script> & "Zoë"')
  })

  it('keeps the subject on one line whatever the shop is called', async () => {
    const mail = await renderTestMail({ shop: { ...shop, name: 'Grace\r\nBcc: victim@example.com' } })
    expect(mail.subject).toBe('Test e-mail from Grace Bcc: victim@example.com')
    expect(mail.subject).not.toMatch(/[\r\n]/)
  })

  it('links the tracking page only when it is a web address', async () => {
    const web = await renderOrderStatusMail({
      shop,
      order: { ...order, trackingNumber: '1Z999', trackingUrl: 'https://carrier.test/1Z999' },
      orderUrl,
    })
    expect(web.subject).toBe('Your order ORD-1042 has shipped')
    expect(web.html).toContain('href="https://carrier.test/1Z999"')
    expect(web.html).toContain('Track your parcel')
    const script = await renderOrderStatusMail({
      shop,
      order: { ...order, trackingNumber: '1Z999', trackingUrl: 'javascript:alert(1)' },
      orderUrl,
    })
    expect(script.html).not.toContain('href="javascript:')
    const none = await renderOrderStatusMail({ shop, order, orderUrl })
    expect(none.html).not.toContain('Track your parcel')
  })

  it('words each status for the buyer', async () => {
    const subjects = await Promise.all(
      (['processing', 'completed', 'cancelled'] as const).map(async (status) => {
        const mail = await renderOrderStatusMail({ shop, order: { ...order, status }, orderUrl })
        return [mail.subject, mail.text.includes(status === 'cancelled' ? 'cancelled' : 'order')]
      }),
    )
    expect(subjects).toEqual([
      ['Your order ORD-1042 is being prepared', true],
      ['Your order ORD-1042 has shipped', true],
      ['Your order ORD-1042 has been cancelled', true],
    ])
  })
})
