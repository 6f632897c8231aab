import { Box } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { lazy, Suspense } from 'react'
import { Outlet, ScrollRestoration } from 'react-router-dom'
import { useHasOpened } from '../lazy-on-open'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

// The drawer is not part of the first page load; it arrives on the first click of the cart button.
const CartDrawer = lazy(() => import('../../features/cart/cart-drawer').then((m) => ({ default: m.CartDrawer })))

/** Header, page, footer and the cart drawer: the shell of every storefront route. */
export function StorefrontLayout() {
  const [isCartOpen, cart] = useDisclosure(false)
  const hasOpenedCart = useHasOpened(isCartOpen)
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader onOpenCart={cart.open} />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <SiteFooter />
      {hasOpenedCart && (
        <Suspense fallback={null}>
          <CartDrawer opened={isCartOpen} onClose={cart.close} />
        </Suspense>
      )}
      {/* Keyed by path: a new page opens at its top, going back restores where the visitor was. */}
      <ScrollRestoration getKey={(location) => location.pathname} />
    </Box>
  )
}
