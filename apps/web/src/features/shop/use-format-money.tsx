import { useCallback } from 'react'
import { formatMoneyIn } from '../../lib/format'
import { useShopInfo } from './use-shop'

/**
 * Formats an amount in the shop's currency (its money setting, from the shop's info): "$1,234.00", "€1,234.00".
 * US dollars until the info has loaded, as the server renders them.
 */
export function useFormatMoney(): (value: number | string) => string {
  const currency = useShopInfo().data?.currency
  return useCallback((value: number | string) => formatMoneyIn(value, currency), [currency])
}

/** An amount in the shop's currency, where a hook cannot be called (a table column's render). */
export function Money({ value }: { value: number | string }) {
  return useFormatMoney()(value)
}
