import { AppShell, Avatar, Box, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import {
  IconCategory,
  IconDiscount,
  IconExternalLink,
  IconHistory,
  IconLayoutDashboard,
  IconLogout,
  IconMessageCircle,
  IconPackage,
  IconReceipt,
  IconSettings,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { useLogout } from '../../features/admin-auth/use-admin-auth'
import { useShopInfo } from '../../features/shop/use-shop'
import { toast } from '../toasts'

const LINKS = [
  { to: '/admin', label: 'Dashboard', icon: IconLayoutDashboard, isExact: true },
  { to: '/admin/products', label: 'Products', icon: IconPackage },
  { to: '/admin/categories', label: 'Categories', icon: IconCategory },
  { to: '/admin/orders', label: 'Orders', icon: IconReceipt },
  { to: '/admin/testimonials', label: 'Testimonials', icon: IconMessageCircle },
  { to: '/admin/discounts', label: 'Discounts', icon: IconDiscount, ownerOnly: true },
  { to: '/admin/settings', label: 'Settings', icon: IconSettings, ownerOnly: true },
  { to: '/admin/admins', label: 'Admins', icon: IconUsers, ownerOnly: true },
  { to: '/admin/audit-log', label: 'Audit Log', icon: IconHistory, ownerOnly: true },
  { to: '/admin/account', label: 'Account', icon: IconUserCircle },
]

interface AdminLayoutProps {
  admin: { name: string }
  /** Staff see no link to the owner-only screens (the API refuses them anyway). */
  role: 'owner' | 'staff'
  children: ReactNode
}

export function AdminLayout({ admin, role, children }: AdminLayoutProps) {
  const [isNavOpen, nav] = useDisclosure(false)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const logout = useLogout()
  const { data: shop } = useShopInfo()

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged out successfully' })
        navigate('/admin/login', { replace: true })
      },
      onError: () => toast({ title: 'Error', message: 'Failed to log out. Please try again.', isError: true }),
    })

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding="lg"
      styles={{ main: { background: '#f7f6f3' } }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={isNavOpen} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text ff="heading" fw={600} fz={22} truncate maw={{ base: 150, xs: 'none' }}>
              {shop?.name ?? 'Shop'}
            </Text>
          </Group>
          <Button
            component="a"
            href="/"
            target="_blank"
            rel="noopener"
            variant="subtle"
            size="xs"
            px={6}
            rightSection={<IconExternalLink size={14} />}
          >
            View Homepage
          </Button>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Admin">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2}>
            {LINKS.filter((link) => role === 'owner' || !link.ownerOnly).map((link) => (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={link.label}
                leftSection={<link.icon size={18} stroke={1.5} />}
                active={link.isExact ? pathname === link.to : pathname.startsWith(link.to)}
                onClick={nav.close}
                color="gold"
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <Box pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Group gap="sm" mb="sm" wrap="nowrap">
              <Avatar color="gold" radius="xl" size="md">
                {admin.name.slice(0, 2).toUpperCase()}
              </Avatar>
              <Box style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {admin.name}
                </Text>
                <Text size="xs" c="ink.6">
                  {role === 'owner' ? 'Admin' : 'Staff'}
                </Text>
              </Box>
            </Group>
            <Button
              fullWidth
              variant="default"
              leftSection={<IconLogout size={16} />}
              onClick={onLogout}
              loading={logout.isPending}
            >
              Logout
            </Button>
          </Box>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  )
}
