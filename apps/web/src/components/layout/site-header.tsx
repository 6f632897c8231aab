import { ActionIcon, Anchor, Box, Burger, Container, Group, Indicator } from '@mantine/core'
import { IconShoppingBag, IconUser } from '@tabler/icons-react'
import { Link, NavLink } from 'react-router-dom'
import { formatBadgeCount } from '../../features/cart/cart'
import { CART_POPOVER_ID } from '../../features/cart/cart-popover'
import { useCart } from '../../features/cart/cart-store'
import { useCategories } from '../../features/catalog/use-catalog'
import { SearchButton } from '../../features/search/search-button'
import { useShopInfo } from '../../features/shop/use-shop'
import { MOBILE_MENU_ID, MobileMenu } from './mobile-menu'
import classes from './site-header.module.css'

function useNavLinks() {
  const { data: categories = [] } = useCategories()
  return [
    { label: 'Home', to: '/' },
    ...categories.map((category) => ({ label: category.name.toUpperCase(), to: `/category/${category.slug}` })),
  ]
}

export function SiteHeader() {
  const links = useNavLinks()
  const { data: shop } = useShopInfo()
  const { itemCount } = useCart()
  const brand = shop?.name ?? 'Jewelry'

  return (
    <Box component="header" className={classes.header}>
      <Container className={classes.inner}>
        <Group gap="xs" wrap="nowrap" className={classes.start}>
          {/* The browser opens the menu (a popover) itself: the burger works before the page's code has run. */}
          <Burger popoverTarget={MOBILE_MENU_ID} hiddenFrom="sm" size="sm" aria-label="Open menu" />
          <Anchor component={Link} to="/" underline="never" className={classes.brand} aria-label={`${brand} home`}>
            {brand}
          </Anchor>
        </Group>

        <Group component="nav" aria-label="Main" gap="lg" visibleFrom="sm" className={classes.nav}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className={classes.link}>
              {link.label}
            </NavLink>
          ))}
        </Group>

        <Group gap={0} wrap="nowrap" className={classes.end}>
          <SearchButton />
          <ActionIcon component={Link} to="/admin/login" variant="subtle" color="dark" size="lg" aria-label="Account">
            <IconUser size={20} stroke={1.5} />
          </ActionIcon>
          <Indicator
            label={formatBadgeCount(itemCount)}
            disabled={itemCount === 0}
            size={18}
            offset={4}
            color="gold"
            inline
          >
            <ActionIcon
              variant="subtle"
              color="dark"
              size="lg"
              popoverTarget={CART_POPOVER_ID}
              aria-label={`Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}
            >
              <IconShoppingBag size={20} stroke={1.5} />
            </ActionIcon>
          </Indicator>
        </Group>
      </Container>

      <MobileMenu title={brand} links={links} />
    </Box>
  )
}
