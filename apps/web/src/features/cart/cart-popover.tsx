import { CloseButton, Loader } from '@mantine/core'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { NeedsJavaScript } from '../../components/needs-javascript'
import { usePreloadPageCode } from '../../lib/shop-route'
import { CHECKOUT_PATH } from './cart'
import classes from './cart-popover.module.css'
import { cartStore, useCart } from './cart-store'

// The cart's lines and buttons are not part of the first page load: they arrive when the cart is first opened.
const CartContents = lazy(() => import('./cart-drawer').then((m) => ({ default: m.CartContents })))

/** The id the header's cart button names with `popovertarget`. */
export const CART_POPOVER_ID = 'cart'

/**
 * A cart with something in it is on its way to the checkout: the checkout's code (its own chunk, the largest of the
 * storefront) is fetched before the visitor taps Checkout. At once when a piece is added or the cart is opened; for
 * a cart filled on an earlier page, once this page has loaded (it does not take the line from the page's pictures).
 */
function usePreloadCheckoutCode(isCartOpened: boolean) {
  const preloadPageCode = usePreloadPageCode()
  const hasItems = useCart().itemCount > 0
  useEffect(() => {
    const preload = () => preloadPageCode(CHECKOUT_PATH)
    const stopFollowing = cartStore.subscribe(() => {
      if (cartStore.getLines().length > 0) preload()
    })
    if (!hasItems) return stopFollowing
    if (isCartOpened || document.readyState === 'complete') preload()
    else window.addEventListener('load', preload, { once: true })
    return () => {
      stopFollowing()
      window.removeEventListener('load', preload)
    }
  }, [hasItems, isCartOpened, preloadPageCode])
}

/**
 * The cart, as a drawer from the right: a popover the browser opens itself when the header's cart button is tapped,
 * so the tap is answered at once, before the page's code has run (docs/decisions/0019). Until its lines have come
 * it says it is loading. Escape, a tap outside it and its close button close it.
 */
export function CartPopover() {
  const popover = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const [hasOpened, setHasOpened] = useState(false)
  usePreloadCheckoutCode(hasOpened)
  // Opened before the page's code ran: React saw no toggle, so it looks.
  useEffect(() => {
    if (popover.current?.matches(':popover-open')) setHasOpened(true)
  }, [])
  return (
    <div
      id={CART_POPOVER_ID}
      ref={popover}
      popover="auto"
      role="dialog"
      aria-labelledby={titleId}
      className={classes.popover}
      onToggle={(event) => {
        if (event.newState === 'open') setHasOpened(true)
      }}
    >
      <div className={classes.header}>
        <h2 id={titleId} className={classes.title}>
          Your Cart
        </h2>
        {/* The browser focuses it when the cart opens. */}
        <CloseButton
          autoFocus
          popoverTarget={CART_POPOVER_ID}
          popoverTargetAction="hide"
          aria-label="Close cart"
          size="lg"
        />
      </div>
      <div className={classes.body}>
        {hasOpened ? (
          <Suspense fallback={<CartLoading />}>
            <CartContents onClose={() => popover.current?.hidePopover()} />
          </Suspense>
        ) : (
          <CartLoading />
        )}
      </div>
    </div>
  )
}

function CartLoading() {
  return (
    <div className={classes.loading} role="status">
      <Loader size="sm" color="gold.7" aria-hidden />
      Loading your cart…
      <NeedsJavaScript>The cart needs JavaScript: please turn it on to see it.</NeedsJavaScript>
    </div>
  )
}
