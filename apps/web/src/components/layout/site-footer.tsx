import { ActionIcon, Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconBrandFacebook, IconBrandInstagram, IconBrandPinterest, IconMail, IconPhone } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { useShopInfo } from '../../features/shop/use-shop'
import classes from './site-footer.module.css'

// The spec's footer links are static placeholders, but for Order Tracking, which opens the order look-up form.
const LINK_TARGETS: Record<string, string> = { 'Order Tracking': '/order-tracking' }

const COLUMNS = [
  { title: 'Shop', links: ['About Us', 'Our Collections', 'Care Guide', 'FAQs'] },
  { title: 'Help', links: ['Contact Us', 'Shipping & Returns', 'Warranty Information', 'Order Tracking'] },
  { title: 'Legal', links: ['Privacy Policy', 'Terms & Conditions'] },
]

const SOCIAL = [
  { label: 'Instagram', icon: IconBrandInstagram },
  { label: 'Facebook', icon: IconBrandFacebook },
  { label: 'Pinterest', icon: IconBrandPinterest },
]

export function SiteFooter() {
  const { data: shop } = useShopInfo()
  const year = new Date().getFullYear()
  return (
    <Box component="footer" className={classes.footer}>
      <Container py={56}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Title order={2} className={classes.brand}>
              {shop?.name ?? '\u00a0'}
            </Title>
            <Text size="sm" className={classes.muted}>
              Handcrafted jewelry that carries your faith, made by hand in small batches.
            </Text>
            <Group gap={4}>
              {SOCIAL.map(({ label, icon: Icon }) => (
                <ActionIcon
                  key={label}
                  component="a"
                  href="#"
                  variant="subtle"
                  color="gray.3"
                  size="lg"
                  aria-label={label}
                >
                  <Icon size={20} stroke={1.5} />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
          {COLUMNS.map((column) => (
            <Stack key={column.title} gap={8}>
              <Text className={classes.heading}>{column.title}</Text>
              {column.links.map((label) => {
                const to = LINK_TARGETS[label]
                return to ? (
                  <Anchor key={label} component={Link} to={to} size="sm" className={classes.link}>
                    {label}
                  </Anchor>
                ) : (
                  <Anchor key={label} href="#" size="sm" className={classes.link}>
                    {label}
                  </Anchor>
                )
              })}
            </Stack>
          ))}
        </SimpleGrid>

        <Group justify="space-between" mt={48} pt="lg" className={classes.bottom} gap="md">
          <Stack gap={4}>
            {shop && (
              <Group gap="lg">
                <Anchor href={`tel:${shop.phone.replace(/[^+\d]/g, '')}`} size="sm" className={classes.link}>
                  <Group gap={6} wrap="nowrap" component="span">
                    <IconPhone size={16} stroke={1.5} aria-hidden /> {shop.phone}
                  </Group>
                </Anchor>
                <Anchor href={`mailto:${shop.email}`} size="sm" className={classes.link}>
                  <Group gap={6} wrap="nowrap" component="span">
                    <IconMail size={16} stroke={1.5} aria-hidden /> {shop.email}
                  </Group>
                </Anchor>
              </Group>
            )}
            {/* The year is the server's: a page rendered or kept on 31 December, or in another time zone, must not
                make hydration fail on New Year's Day (React then renders the whole page again). */}
            <Text size="xs" className={classes.muted} suppressHydrationWarning>
              © {year} {shop?.name}. All rights reserved.
            </Text>
          </Stack>
          <Text size="sm" fs="italic" className={classes.quote}>
            “Faith is the substance of things hoped for, the evidence of things not seen.” (Hebrews 11:1)
          </Text>
        </Group>
      </Container>
    </Box>
  )
}
