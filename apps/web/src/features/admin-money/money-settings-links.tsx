import { Card, NavLink, Stack, Text, Title } from '@mantine/core'
import { IconChevronRight, IconReceiptTax, IconTruckDelivery } from '@tabler/icons-react'
import { Link } from 'react-router-dom'

/** The Settings screen's way to the money screens: shipping zones, and tax with the currency and price basis. */
export function MoneySettingsLinks() {
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="lg">
        Shipping, tax and currency
      </Title>
      <Text size="sm" c="ink.7" mb="sm">
        What the checkout charges on top of the goods, and the currency of every amount.
      </Text>
      <Stack gap={4}>
        <NavLink
          component={Link}
          to="/admin/settings/shipping"
          label="Shipping zones and methods"
          description="Where the shop ships, the price of each method and its free-shipping threshold."
          leftSection={<IconTruckDelivery size={20} stroke={1.5} aria-hidden />}
          rightSection={<IconChevronRight size={16} aria-hidden />}
        />
        <NavLink
          component={Link}
          to="/admin/settings/tax"
          label="Tax and currency"
          description="Tax rates, whether prices include tax, the shop's currency and country."
          leftSection={<IconReceiptTax size={20} stroke={1.5} aria-hidden />}
          rightSection={<IconChevronRight size={16} aria-hidden />}
        />
      </Stack>
    </Card>
  )
}
