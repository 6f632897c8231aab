import type { Generated } from 'kysely'
import type { DbBool } from '../dialect'

export interface ShippingZonesTable {
  id: Generated<number>
  name: string
  /** JSON array of "US" or "US-CA". */
  areas: string
  created_at: string
}

export interface ShippingMethodsTable {
  id: Generated<number>
  zone_id: number
  position: number
  name: string
  price_cents: number
  free_over_cents: number | null
  estimate: string | null
}

export interface TaxRatesTable {
  id: Generated<number>
  name: string
  country: string
  region: string | null
  /** Hundredths of a percent. */
  rate_bp: number
  applies_to_shipping: DbBool
  created_at: string
}

export interface DiscountCodesTable {
  id: Generated<number>
  code: string
  kind: string
  /** Hundredths of a percent (percent) or cents (fixed). */
  amount: number
  min_subtotal_cents: number | null
  starts_at: string | null
  ends_at: string | null
  max_uses: number | null
  once_per_email: DbBool
  active: DbBool
  uses: Generated<number>
  created_at: string
  updated_at: string
}

export interface DiscountEmailUsesTable {
  code_id: number
  email: string
}
