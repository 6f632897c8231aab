import { CloseButton, Loader } from '@mantine/core'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { NeedsJavaScript } from '../../components/needs-javascript'
import classes from './cart-popover.module.css'

// The cart's lines and buttons are not part of the first page load: they arrive when the cart is first opened.
const CartContents = lazy(() => import('./cart-drawer').then((m) => ({ default: m.CartContents })))

/** The id the header's cart button names with `popovertarget`. */
export const CART_POPOVER_ID = 'cart'

/**
 * The cart, as a drawer from the right: a popover the browser opens itself when the header's cart button is tapped,
 * so the tap is answered at once, before the page's code has run (docs/decisions/0019). Until its lines have come
 * it says it is loading. Escape, a tap outside it and its close button close it.
 */
export function CartPopover() {
  const popover = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const [hasOpened, setHasOpened] = useState(false)
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
