import { z } from 'zod'
import { ZMoney } from './common'
import { ZOfferedPaymentMethod } from './payments'

/** The shop's public identity, from the server's configuration (footer, invoice, page titles). */
export const ZShopInfo = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  /** ISO 4217: the currency of every amount the shop shows. */
  currency: z.string(),
  /**
   * The free-shipping threshold the product page promises: the spec's "500.00" while the shop has no shipping zones
   * (everything ships free); with zones, the lowest free-over amount of the zone that covers the shop's own country,
   * null when none (the promise is not shown).
   */
  freeShippingOver: ZMoney.nullable(),
  /** The payment methods the checkout offers, in order, with their instructions; empty: the shop takes none. */
  paymentMethods: z.array(ZOfferedPaymentMethod),
})
export type ShopInfo = z.infer<typeof ZShopInfo>
