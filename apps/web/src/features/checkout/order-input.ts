import { type CheckoutForm, type CreateOrderInput, joinCustomerAddress } from '@shop/schema/orders'
import type { CartLine } from '../cart/cart'

// The client proposes 'ORD-' plus a random integer below 10000; the server assigns the real number.
const ORDER_NUMBER_RANGE = 10_000

export function generateOrderNumber(random: () => number = Math.random): string {
  return `ORD-${Math.floor(random() * ORDER_NUMBER_RANGE)}`
}

/**
 * The body of POST /api/orders. The phone is collected but not sent; the server prices the order
 * itself and answers with the order number it assigned.
 */
export function buildOrderInput(
  values: CheckoutForm,
  items: CartLine[],
  total: number,
  random: () => number = Math.random,
): CreateOrderInput {
  return {
    customerName: values.name,
    customerEmail: values.email,
    customerAddress: joinCustomerAddress(values),
    notes: values.notes,
    items: items.map((line) => ({
      productId: line.id,
      name: line.name,
      price: line.price,
      quantity: line.quantity,
      sku: line.sku,
      imageUrl: line.imageUrl,
      // Absent from carts saved before variants: the server then takes a product's only variant (or says which
      // option to choose).
      ...(line.variantId === undefined ? {} : { variantId: line.variantId }),
      ...(line.personalization?.length
        ? { personalization: line.personalization.map(({ fieldId, value }) => ({ fieldId, value })) }
        : {}),
    })),
    total: total.toFixed(2),
    orderNumber: generateOrderNumber(random),
  }
}
