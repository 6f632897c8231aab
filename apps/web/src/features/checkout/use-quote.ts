import { useDebouncedValue } from '@mantine/hooks'
import type { QuoteInput } from '@shop/schema/orders'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTRPCClient } from '../../lib/trpc'
import type { CartLine } from '../cart/cart'
import { countryCodeOf } from './country'

/** What the buyer has typed so far that changes the price: the address, the e-mail, the method and the code. */
export interface QuoteDetails {
  country: string
  state: string
  email: string
  shippingMethodId: number | undefined
  discountCode: string
}

const QUOTE_DEBOUNCE_MS = 300

export const QUOTE_KEY = 'checkout-quote'

/** The cart's lines as the API reads them. */
export function orderItemsOf(items: CartLine[]): QuoteInput['items'] {
  return items.map((line) => ({
    productId: line.id,
    quantity: line.quantity,
    ...(line.variantId === undefined ? {} : { variantId: line.variantId }),
    ...(line.personalization?.length
      ? { personalization: line.personalization.map(({ fieldId, value }) => ({ fieldId, value })) }
      : {}),
  }))
}

/** The quote's input for these details: the country's code, or undefined (the shop's own country) when unnamed. */
export function quoteInputOf(items: CartLine[], details: QuoteDetails): QuoteInput {
  const country = countryCodeOf(details.country)
  const email = details.email.trim()
  return {
    items: orderItemsOf(items),
    ...(country ? { country } : {}),
    ...(details.state.trim() ? { region: details.state.trim() } : {}),
    ...(email.includes('@') ? { customerEmail: email } : {}),
    ...(details.shippingMethodId === undefined ? {} : { shippingMethodId: details.shippingMethodId }),
    ...(details.discountCode.trim() ? { discountCode: details.discountCode.trim() } : {}),
  }
}

/**
 * The server's price of the cart for what the buyer has typed (POST /api/orders/quote), asked again a moment after
 * each change; the last answer stays on screen while the next is on its way. Browser only: the cart lives there.
 */
export function useQuote(items: CartLine[], details: QuoteDetails) {
  const client = useTRPCClient()
  // Debounced as text: a new object each render would restart the wait forever.
  const [text] = useDebouncedValue(JSON.stringify(quoteInputOf(items, details)), QUOTE_DEBOUNCE_MS)
  const input = JSON.parse(text) as QuoteInput
  return useQuery({
    queryKey: [QUOTE_KEY, text],
    queryFn: () => client.orders.quote.mutate(input),
    enabled: input.items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}
