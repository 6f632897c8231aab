import type { CheckoutForm } from '@shop/schema/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createElement } from 'react'
import { toast } from '../../components/toasts'
import { apiMessageOf } from '../../lib/api-error'
import { useTRPC } from '../../lib/trpc'
import { useCart } from '../cart/cart-store'
import { ORDER_ERROR_TITLE, OrderErrorMessage } from './order-error-message'
import { buildOrderInput } from './order-input'

/** Places the cart as a guest order. Success clears the cart; failure keeps it and says why in a toast. */
export function usePlaceOrder() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { items, total, clear } = useCart()
  const mutation = useMutation(
    trpc.orders.create.mutationOptions({
      onSuccess: () => clear(),
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
        ]),
    }),
  )

  function placeOrder(values: CheckoutForm) {
    if (items.length === 0) {
      toast({ title: 'Cart is empty', message: 'Add items to your cart before placing an order.', isError: true })
      return
    }
    mutation.mutate(buildOrderInput(values, items, total))
  }

  return { placeOrder, order: mutation.data, isPending: mutation.isPending }
}
