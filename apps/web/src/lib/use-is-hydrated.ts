import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False while the page renders on the server and while the browser hydrates that HTML, true from the next render
 * on (and at once on a page the browser rendered itself): for what only the browser knows, such as the cart.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
