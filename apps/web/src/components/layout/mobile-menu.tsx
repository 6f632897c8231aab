import { CloseButton } from '@mantine/core'
import { useRef } from 'react'
import { NavLink } from 'react-router-dom'
import classes from './site-header.module.css'

export interface MenuLink {
  label: string
  to: string
}

/** The id the burger's `popovertarget` names. */
export const MOBILE_MENU_ID = 'mobile-menu'

/**
 * The burger's menu on phones: the same links as the header, in a popover the browser opens and closes itself (the
 * burger names it with `popovertarget`), so it works from the moment it is painted, before the page's code has run
 * (docs/decisions/0019). Escape, a tap outside it and its close button close it.
 */
export function MobileMenu({ title, links }: { title: string; links: MenuLink[] }) {
  const menu = useRef<HTMLDivElement>(null)
  return (
    <div id={MOBILE_MENU_ID} ref={menu} popover="auto" className={classes.mobileMenu}>
      <div className={classes.mobileMenuHeader}>
        <h2 className={classes.mobileMenuTitle}>{title}</h2>
        <CloseButton popoverTarget={MOBILE_MENU_ID} popoverTargetAction="hide" aria-label="Close menu" />
      </div>
      <nav aria-label="Mobile" className={classes.mobileNav}>
        {links.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end
            className={classes.mobileLink}
            // The router changes the page without reloading it: the menu closes as a new page would close it.
            onClick={() => menu.current?.hidePopover()}
          >
            {link.label}
          </NavLink>
        ))}
        <hr className={classes.mobileDivider} />
        <p className={classes.mobileNote}>Handcrafted with faith and care.</p>
      </nav>
    </div>
  )
}
