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

// The server renders every page with an empty cart (it cannot see the browser's storage); a page it rendered
// hydrates with the same, then shows the stored cart. An empty cart is always this one array, so that a page
// hydrated with an empty cart in storage is not rendered again for nothing (React compares the two by identity).
const NO_LINES: CartLine[] = []
const serverLines = () => NO_LINES
const orNoLines = (next: CartLine[]) => (next.length === 0 ? NO_LINES : next)

function readStorage(): CartLine[] {
  try {
    return orNoLines(parseStoredCart(localStorage.getItem(CART_STORAGE_KEY)))
  } catch {
    return NO_LINES
  }
}

let lines: CartLine[] = typeof localStorage === 'undefined' ? NO_LINES : readStorage()
const listeners = new Set<Listener>()

function commit(next: CartLine[]) {
  lines = orNoLines(next)
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

/** The cart: items, total, itemCount and the actions. */
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
