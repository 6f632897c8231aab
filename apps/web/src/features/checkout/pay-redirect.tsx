import { Button, Loader, Stack, Text, Title } from '@mantine/core'
import type { PlacedOrder } from '@shop/schema/orders'
import classes from './order-confirmed.module.css'

/**
 * While the browser leaves for Stripe's payment page (usePlaceOrder sends it there): the order is placed, and a
 * link does the same should the page not change (a blocked redirect, or a tap on Back).
 */
export function PayRedirect({ order, payUrl }: { order: PlacedOrder; payUrl: string }) {
  return (
    <Stack align="center" gap="md" ta="center" className={classes.root}>
      <Loader color="gold.7" aria-hidden />
      <Text className={classes.eyebrow}>Order {order.orderNumber} placed</Text>
      <Title order={1} className={classes.title}>
        Taking you to the payment page
      </Title>
      <Text c="ink.8" maw={460}>
        You pay by card on Stripe's secure page, and come back here once it is done. If nothing happens, continue below.
      </Text>
      <Button component="a" href={payUrl} size="md">
        Continue to payment
      </Button>
    </Stack>
  )
}
