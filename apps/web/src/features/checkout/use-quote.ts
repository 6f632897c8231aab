import { useDebouncedValue } from '@mantine/hooks'
import type { QuoteInput } from '@shop/schema/orders'
import { countryCodeOf, regionCodeOf } from '@shop/schema/regions'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiMessageOf, httpStatusOf } from '../../lib/api-error'
import { useTRPCClient } from '../../lib/trpc'
import type { CartLine } from '../cart/cart'

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

/**
 * The quote's input for these details: the country's code, or undefined (the shop's own country) when unnamed; the
 * state's code ("CA" for "California"). A state the country does not have (half typed, say) is left out, so the
 * summary prices the country meanwhile; the form refuses it before the order is sent. Without a named country the
 * state goes as typed, for the server to judge against the shop's own country.
 */
export function quoteInputOf(items: CartLine[], details: QuoteDetails): QuoteInput {
  const country = countryCodeOf(details.country)
  const state = details.state.trim()
  const region = state && country ? regionCodeOf(country, state) : state
  const email = details.email.trim()
  return {
    items: orderItemsOf(items),
    ...(country ? { country } : {}),
    ...(region ? { region } : {}),
    ...(email.includes('@') ? { customerEmail: email } : {}),
    ...(details.shippingMethodId === undefined ? {} : { shippingMethodId: details.shippingMethodId }),
    ...(details.discountCode.trim() ? { discountCode: details.discountCode.trim() } : {}),
  }
}

/**
 * The server's price of the cart for what the buyer has typed (POST /api/orders/quote), asked again a moment after
 * each change; the last answer stays on screen while the next is on its way. Browser only: the cart lives there.
 *
 * A client that has tried too many unknown discount codes is refused (429) any quote that names a code: the cart
 * is then priced without it, and the server's message shows under the code field as the reason the code does not
 * apply (so the order is placed without it, as for any code that does not apply).
 */
export function useQuote(items: CartLine[], details: QuoteDetails) {
  const client = useTRPCClient()
  // Debounced as text: a new object each render would restart the wait forever.
  const [text] = useDebouncedValue(JSON.stringify(quoteInputOf(items, details)), QUOTE_DEBOUNCE_MS)
  const input = JSON.parse(text) as QuoteInput
  return useQuery({
    queryKey: [QUOTE_KEY, text],
    queryFn: async () => {
      try {
        return await client.orders.quote.mutate(input)
      } catch (error) {
        if (httpStatusOf(error) !== 429 || input.discountCode === undefined) throw error
        const { discountCode: _, ...withoutCode } = input
        const quote = await client.orders.quote.mutate(withoutCode)
        return {
          ...quote,
          discountApplied: false,
          discountMessage: apiMessageOf(error) ?? 'Too many wrong discount codes',
        }
      }
    },
    enabled: input.items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}
