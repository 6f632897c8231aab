import type { Generated } from 'kysely'
import type { DbBool } from '../dialect'

/** The shop's settings: one row, id 1. */
export interface ShopSettingsTable {
  id: number
  name: string
  email: string
  phone: string
  address: string
  /** JSON array of e-mail addresses. */
  notification_emails: string
  sender_name: string
  updated_at: string
  currency: Generated<string>
  default_country: Generated<string>
  prices_include_tax: Generated<DbBool>
  /** A card order not paid within this many minutes is cancelled (30 to 1440). */
  card_unpaid_cancel_minutes: Generated<number>
}
