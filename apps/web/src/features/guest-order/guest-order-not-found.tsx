import { Button, Stack, Text, Title } from '@mantine/core'
import { IconReceiptOff } from '@tabler/icons-react'
import { Link } from 'react-router-dom'

/**
 * An unknown order, a wrong key and a missing key all look the same: the words never tell whether the order
 * exists, so a guessed number teaches nothing. Order Tracking mails a fresh link to the buyer's own address.
 */
export function GuestOrderNotFound({ orderNumber }: { orderNumber: string }) {
  const lookup = orderNumber ? `/order-tracking?orderNumber=${encodeURIComponent(orderNumber)}` : '/order-tracking'
  return (
    <Stack align="center" ta="center" gap="md" py={{ base: 32, sm: 56 }} maw={520} mx="auto">
      <IconReceiptOff size={44} stroke={1.2} color="var(--mantine-color-gold-7)" aria-hidden />
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        We could not find this order
      </Title>
      <Text c="ink.7">
        The link may be incomplete or mistyped. Open it again from your order e-mail, or ask for a new link with your
        order number and the e-mail address you ordered with.
      </Text>
      <Button component={Link} to={lookup} size="md">
        Order Tracking
      </Button>
    </Stack>
  )
}
