import { Box } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Outlet, ScrollRestoration } from 'react-router-dom'
import { CartDrawer } from '../../features/cart/cart-drawer'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** Header, page, footer and the cart drawer: the shell of every storefront route. */
export function StorefrontLayout() {
  const [isCartOpen, cart] = useDisclosure(false)
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader onOpenCart={cart.open} />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <SiteFooter />
      <CartDrawer opened={isCartOpen} onClose={cart.close} />
      {/* Keyed by path: a new page opens at its top, going back restores where the visitor was. */}
      <ScrollRestoration getKey={(location) => location.pathname} />
    </Box>
  )
}
