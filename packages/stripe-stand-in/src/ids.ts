import { randomBytes } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function randomText(length: number): string {
  const bytes = randomBytes(length)
  let out = ''
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length]
  return out
}

/** Ids shaped like Stripe's test-mode ids: a type prefix and random letters and digits. */
export const newId = {
  checkoutSession: () => `cs_test_${randomText(58)}`,
  paymentIntent: () => `pi_${randomText(24)}`,
  charge: () => `ch_${randomText(24)}`,
  refund: () => `re_${randomText(24)}`,
  event: () => `evt_${randomText(24)}`,
  request: () => `req_${randomText(14)}`,
  price: () => `price_${randomText(24)}`,
  product: () => `prod_${randomText(14)}`,
  lineItem: () => `li_${randomText(24)}`,
  shippingRate: () => `shr_${randomText(24)}`,
  paymentMethod: () => `pm_${randomText(24)}`,
  balanceTransaction: () => `txn_${randomText(24)}`,
  clientSecret: (paymentIntentId: string) => `${paymentIntentId}_secret_${randomText(25)}`,
}
