import { useSyncExternalStore } from 'react'
import {
  addLine,
  CART_STORAGE_KEY,
  type CartLine,
  cartItemCount,
  cartTotal,
  parseStoredCart,
  removeLine,
  setLineQuantity,
} from './cart'

type Listener = () => void

function readStorage(): CartLine[] {
  try {
    return parseStoredCart(localStorage.getItem(CART_STORAGE_KEY))
  } catch {
    return []
  }
}

let lines: CartLine[] = typeof localStorage === 'undefined' ? [] : readStorage()
const listeners = new Set<Listener>()

function commit(next: CartLine[]) {
  lines = next
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines))
  } catch {
    // Private mode or full storage: the cart still works for this page view.
  }
  for (const listener of listeners) listener()
}

// Another tab changed the cart: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_STORAGE_KEY) return
    lines = readStorage()
    for (const listener of listeners) listener()
  })
}

export const cartStore = {
  getLines: () => lines,
  subscribe(listener: Listener) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  add: (line: CartLine) => commit(addLine(lines, line)),
  /** `key`: the line's `lineKey`. */
  setQuantity: (key: string, quantity: number) => commit(setLineQuantity(lines, key, quantity)),
  remove: (key: string) => commit(removeLine(lines, key)),
  clear: () => commit([]),
}

// The server renders every page with an empty cart (it cannot see the browser's storage); a page it rendered
// hydrates with the same, then shows the stored cart.
const NO_LINES: CartLine[] = []
const serverLines = () => NO_LINES

/** The cart: items, total, itemCount and the actions (spec point 3). */
export function useCart() {
  const items = useSyncExternalStore(cartStore.subscribe, cartStore.getLines, serverLines)
  return {
    items,
    total: cartTotal(items),
    itemCount: cartItemCount(items),
    add: cartStore.add,
    setQuantity: cartStore.setQuantity,
    remove: cartStore.remove,
    clear: cartStore.clear,
  }
}
