/**
 * Writes every mail of the shop, rendered with sample data, as `<kind>.html` and `<kind>.txt` into a folder, to
 * look at in a browser or a mail client: `npx tsx apps/api/src/features/mail/preview.ts <folder>`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { goodsOnlyCharges } from '@shop/schema/orders'
import type { MailOrder, MailShop } from './mail-data'
import {
  renderInviteMail,
  renderOrderLinkMail,
  renderOrderPlacedMail,
  renderOrderReceivedMail,
  renderOrderStatusMail,
  renderPasswordResetMail,
  renderTestMail,
} from './render-mail'

const shop: MailShop = {
  name: 'Grace & Gold Jewelry',
  email: 'hello@example.com',
  phone: '+1 (555) 013-2024',
  address: '12 Chapel Lane, Nashville, TN 37203, USA',
}
const order: MailOrder = {
  orderNumber: 'ORD-1042',
  createdAt: '2026-11-23T15:30:00.000Z',
  customerName: 'Zoë Miller',
  customerEmail: 'zoe@example.com',
  shippingAddress: '48 Elm Street, Austin, TX 78701, USA',
  notes: 'Please gift wrap the locket.',
  items: [
    {
      name: 'Mustard Seed Faith Necklace',
      sku: 'NEC-2001-S18',
      quantity: 2,
      price: '64.50',
      lineTotal: '129.00',
      variantLabel: 'Sterling silver / Chain length 18"',
      personalization: [],
      leadTime: null,
    },
    {
      name: 'Cross Pendant in Sterling Silver',
      sku: 'PEN-0142',
      quantity: 1,
      price: '89.00',
      lineTotal: '89.00',
      variantLabel: null,
      personalization: [],
      leadTime: { minDays: 10, maxDays: 15 },
    },
    {
      name: 'Hand-Stamped Heart Locket with a Long Engraved Psalm Inside the Cover',
      sku: 'LOC-3310',
      quantity: 1,
      price: '1240.00',
      lineTotal: '1240.00',
      variantLabel: null,
      personalization: [{ label: 'Engraving', value: 'Ἰησοῦς ✝ Jn 3:16' }],
      leadTime: null,
    },
  ],
  total: '1458.00',
  charges: goodsOnlyCharges('1458.00'),
  status: 'completed',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://carrier.example/track/1Z999AA10123456784',
}
const orderUrl = 'http://localhost:3000/orders/ORD-1042?key=sample-key'

const outDir = path.resolve(process.argv[2] ?? 'mail-preview')
fs.mkdirSync(outDir, { recursive: true })
const mails = {
  order_placed: await renderOrderPlacedMail({ shop, order: { ...order, status: 'pending' }, orderUrl }),
  order_received: await renderOrderReceivedMail({ shop, order, adminUrl: 'http://localhost:3000/admin/orders/42' }),
  order_status: await renderOrderStatusMail({ shop, order, orderUrl }),
  order_link: await renderOrderLinkMail({ shop, order, orderUrl }),
  password_reset: await renderPasswordResetMail({
    shop,
    adminName: 'Shop Owner',
    resetLink: 'http://localhost:3000/admin/reset-password?token=sample',
  }),
  invite: await renderInviteMail({
    shop,
    adminName: 'Sam Staff',
    username: 'sam',
    role: 'staff',
    setPasswordLink: 'http://localhost:3000/admin/reset-password?token=sample',
    expiresInDays: 7,
  }),
  test: await renderTestMail({ shop }),
}
for (const [kind, mail] of Object.entries(mails)) {
  fs.writeFileSync(path.join(outDir, `${kind}.html`), mail.html)
  fs.writeFileSync(path.join(outDir, `${kind}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`)
}
console.log(`wrote ${Object.keys(mails).length} mails to ${outDir}`)
