import { Divider, Drawer, Stack, Text } from '@mantine/core'
import { NavLink } from 'react-router-dom'
import classes from './site-header.module.css'

export interface MenuLink {
  label: string
  to: string
}

/** The burger's drawer on phones: the same links as the header. Loaded on the first opening. */
export function MobileMenu({
  opened,
  onClose,
  title,
  links,
}: {
  opened: boolean
  onClose: () => void
  title: string
  links: MenuLink[]
}) {
  return (
    <Drawer opened={opened} onClose={onClose} title={title} size="80%" hiddenFrom="sm">
      <Stack component="nav" aria-label="Mobile" gap={0}>
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} end className={classes.mobileLink} onClick={onClose}>
            {link.label}
          </NavLink>
        ))}
        <Divider my="sm" />
        <Text size="sm" c="ink.6">
          Handcrafted with faith and care.
        </Text>
      </Stack>
    </Drawer>
  )
}
