import { useCallback } from 'react'
import { currencyFormatter, formatMoneyIn } from '../../lib/format'
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

const symbols = new Map<string, string>([['USD', '$']])

/** The symbol of the shop's currency, for the prefix of an amount field: "$", "€", "CHF". */
export function useCurrencySymbol(): string {
  const currency = useShopInfo().data?.currency ?? 'USD'
  let symbol = symbols.get(currency)
  if (symbol === undefined) {
    symbol =
      currencyFormatter(currency)
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? currency
    symbols.set(currency, symbol)
  }
  return symbol
}
