import type { Quote } from '@shop/schema/money'
import type { CheckoutForm } from '@shop/schema/orders'
import type { PaymentMethodKind } from '@shop/schema/payments'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createElement } from 'react'
import { toast } from '../../components/toasts'
import { apiMessageOf, httpStatusOf } from '../../lib/api-error'
import { useTRPC } from '../../lib/trpc'
import { useCart } from '../cart/cart-store'
import { ORDER_ERROR_TITLE, OrderErrorMessage } from './order-error-message'
import { buildOrderInput } from './order-input'
import { rememberCardCheckout } from './pending-card-checkout'
import { QUOTE_KEY, type QuoteDetails, quoteInputOf } from './use-quote'

/**
 * Places the cart as a guest order, with the address's country and state, the shipping method and code chosen, and
 * the payment method chosen, and the total the buyer was shown (the quote's): if the server's differs by then, it answers 409 with the new total,
 * the toast says so and the summary is priced again. Success clears the cart; failure keeps it. A card order answers
 * with Stripe's payment page, where the browser goes next; when Stripe cannot be reached the API answers 503 and
 * `paymentError` carries its message for the payment step, where the buyer can choose another method.
 */
export function usePlaceOrder(
  details: QuoteDetails,
  quote: Quote | undefined,
  paymentMethod?: PaymentMethodKind | undefined,
) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { items, total, clear } = useCart()
  const mutation = useMutation(
    trpc.orders.create.mutationOptions({
      onSuccess: (order) => {
        // The order exists (stock taken, awaiting payment when paid by card): the cart has done its work.
        clear()
        // A card order is paid on Stripe's hosted page, which sends the buyer back to the order's own page (or,
        // on Cancel, to the checkout, which then offers the way back: pending-card-checkout.ts).
        if (order.payUrl) {
          rememberCardCheckout({ ...order, payUrl: order.payUrl })
          window.location.assign(order.payUrl)
        }
      },
      onError: (error) => {
        // 409 (stock is short) and 400 (a product is no longer sold) carry a message naming the product.
        toast({
          title: ORDER_ERROR_TITLE,
          message: createElement(OrderErrorMessage, { detail: apiMessageOf(error) }),
          isError: true,
        })
      },
      // Stock changed (or was found short): the product pages must not show the old figures.
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries(trpc.products.pathFilter()),
          queryClient.invalidateQueries(trpc.categories.pathFilter()),
          queryClient.invalidateQueries({ queryKey: [QUOTE_KEY] }),
          // A payment method switched off meanwhile is refused with 400: the choice shows the methods offered now.
          queryClient.invalidateQueries(trpc.shop.pathFilter()),
        ]),
    }),
  )

  function placeOrder(values: CheckoutForm) {
    if (items.length === 0) {
      toast({ title: 'Cart is empty', message: 'Add items to your cart before placing an order.', isError: true })
      return
    }
    const {
      items: _,
      discountCode,
      ...money
    } = quoteInputOf(items, {
      ...details,
      country: values.country,
      state: values.state,
    })
    mutation.mutate({
      ...buildOrderInput(values, items, quote ? Number(quote.total) : total),
      // The total the buyer was shown: a price changed meanwhile makes the order a 409 with the new total.
      ...(quote ? { expectedTotal: quote.total } : {}),
      ...money,
      // A code the summary said does not apply is left out rather than refused again.
      ...(discountCode && quote?.discountApplied !== false ? { discountCode } : {}),
      // The method the summary showed (the zone's first unless the buyer chose one).
      ...(quote?.shippingMethod ? { shippingMethodId: quote.shippingMethod.id } : {}),
      customerEmail: values.email,
      // The method chosen; left out, the server takes the shop's first (or none).
      ...(paymentMethod ? { paymentMethod } : {}),
    })
  }

  const failedMethod = mutation.variables?.paymentMethod
  const paymentError =
    httpStatusOf(mutation.error) === 503 && failedMethod
      ? { method: failedMethod, message: apiMessageOf(mutation.error) ?? 'The payment service cannot be reached.' }
      : undefined
  return { placeOrder, order: mutation.data, isPending: mutation.isPending, paymentError }
}
