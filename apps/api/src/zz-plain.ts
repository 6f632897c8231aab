import { createDb } from '@shop/db/client'
import { ZCreateOrderInput } from '@shop/schema/orders'
import { createOrder } from './features/orders/orders.service'

const db = createDb({ sqliteFile: process.argv[2] as string })
const id = Number(process.argv[3])
const body = {
  customerName: 'Bench',
  customerEmail: 'b@example.com',
  customerAddress: '1 Bench St',
  items: [{ productId: id, quantity: 1 }],
}
for (let i = 0; i < 2000; i++) await createOrder(db, ZCreateOrderInput.parse(body))
const n = 5000
const t0 = performance.now()
for (let i = 0; i < n; i++) await createOrder(db, ZCreateOrderInput.parse(body))
console.log('sequential', (((performance.now() - t0) / n) * 1000).toFixed(0), 'us/order')
await db.destroy()
