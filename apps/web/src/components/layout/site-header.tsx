import { Container } from '@mantine/core'
import { IconShoppingBag, IconUser } from '@tabler/icons-react'
import { Link, NavLink } from 'react-router-dom'
import { formatBadgeCount } from '../../features/cart/cart'
import { CART_POPOVER_ID } from '../../features/cart/cart-popover'
import { useCart } from '../../features/cart/cart-store'
import { useCategories } from '../../features/catalog/use-catalog'
import { SearchButton } from '../../features/search/search-button'
import { useShopInfo } from '../../features/shop/use-shop'
import iconButton from '../icon-button.module.css'
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
    // Plain elements with the look of Mantine's Group, Burger, Anchor, ActionIcon and Indicator: the header is on
    // every storefront page, and as components it was some twenty to hydrate on each first load (decision 0027).
    <header className={classes.header}>
      <Container className={classes.inner}>
        <div className={classes.start}>
          {/* The browser opens the menu (a popover) itself: the burger works before the page's code has run. */}
          <button
            type="button"
            popoverTarget={MOBILE_MENU_ID}
            aria-label="Open menu"
            className={`mantine-focus-auto ${classes.burger}`}
          >
            <span className={classes.burgerLines} />
          </button>
          <Link to="/" className={`mantine-focus-auto ${classes.brand}`} aria-label={`${brand} home`}>
            {brand}
          </Link>
        </div>

        <nav aria-label="Main" className={classes.nav}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className={classes.link}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className={classes.end}>
          <SearchButton />
          <Link to="/admin/login" aria-label="Account" className={iconButton.root}>
            <IconUser size={20} stroke={1.5} />
          </Link>
          <span className={classes.cartButton}>
            <button
              type="button"
              popoverTarget={CART_POPOVER_ID}
              aria-label={`Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}
              className={iconButton.root}
            >
              <IconShoppingBag size={20} stroke={1.5} />
            </button>
            {itemCount > 0 && <span className={classes.badge}>{formatBadgeCount(itemCount)}</span>}
          </span>
        </div>
      </Container>

      <MobileMenu title={brand} links={links} />
    </header>
  )
}
