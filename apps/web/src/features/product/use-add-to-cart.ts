import type { Product } from '@shop/schema/products'
import { toast } from '../../components/toasts'
import { cartStore } from '../cart/cart-store'
import { addableQuantity, toCartLine, variantQuantityInCart } from './product'
import type { AddToCartChoice } from './product-details'

/**
 * Adds the chosen variant (with its personalisation) to the cart, never beyond the variant's stock, and says what
 * happened in a toast. It reads the cart when the button is pressed, so the product page does not render again
 * whenever the cart changes.
 */
export function useAddToCart() {
  return (product: Product, choice: AddToCartChoice) => {
    const items = cartStore.getLines()
    const line = toCartLine(product, choice)
    const name = line.variantLabel ? `${product.name} (${line.variantLabel})` : product.name
    const addable = addableQuantity(items, line)
    if (addable <= 0) {
      const inCart = variantQuantityInCart(items, line)
      toast({
        title: 'Not enough stock',
        message: line.leadTime
          ? `You can order at most ${line.stock} of ${name} at once.`
          : inCart > 0
            ? `Your cart already holds all ${line.stock} of ${name} we have in stock.`
            : `${name} is out of stock.`,
        isError: true,
      })
      return
    }
    cartStore.add({ ...line, quantity: addable })
    toast({
      title: 'Added to cart',
      message:
        addable < choice.quantity ? `${addable} × ${name} (only ${line.stock} in stock)` : `${addable} × ${name}`,
    })
  }
}
