import { Box } from '@mantine/core'
import { Outlet } from 'react-router-dom'
import { CartPopover } from '../../features/cart/cart-popover'
import { ScrollRestoration } from './scroll-restoration'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** Header, page, footer and the cart: the shell of every storefront route. */
export function StorefrontLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <SiteFooter />
      <CartPopover />
      {/* Keyed by path: a new page opens at its top, going back restores where the visitor was. */}
      <ScrollRestoration />
    </Box>
  )
}
