import type { Product } from '@shop/schema/products'
import { toast } from '../../components/toasts'
import { useCart } from '../cart/cart-store'
import { addableQuantity, toCartLine } from './product'

/** Adds a quantity of a product to the cart, never beyond its stock, and says what happened in a toast. */
export function useAddToCart() {
  const { items, add } = useCart()
  return (product: Product, quantity: number) => {
    const line = toCartLine(product, quantity)
    const addable = addableQuantity(items, line)
    if (addable <= 0) {
      const inCart = items.find((l) => l.id === product.id)?.quantity ?? 0
      toast({
        title: 'Not enough stock',
        message:
          inCart > 0
            ? `Your cart already holds all ${product.stock} of ${product.name} we have in stock.`
            : `${product.name} is out of stock.`,
        isError: true,
      })
      return
    }
    add({ ...line, quantity: addable })
    toast({
      title: 'Added to cart',
      message:
        addable < quantity
          ? `${addable} × ${product.name} (only ${product.stock} in stock)`
          : `${addable} × ${product.name}`,
    })
  }
}
