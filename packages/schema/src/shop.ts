import { z } from 'zod'

/** The shop's public identity, from the server's configuration (footer, invoice, page titles). */
export const ZShopInfo = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
})
export type ShopInfo = z.infer<typeof ZShopInfo>
