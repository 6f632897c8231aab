import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import type { GuestOrder } from '@shop/schema/orders'
import { CARD_PAYMENT_INSTRUCTIONS } from '@shop/schema/payments'
import type { ShopInfo } from '@shop/schema/shop'
import { type ReactNode, useId } from 'react'
import { OrderStatusBadge } from '../../components/order-status-badge'
import { formatDate } from '../../lib/format'
import { PaymentInstructions } from '../payments/payment-instructions'
import { CardPaymentNotice } from './card-payment-notice'
import classes from './guest-order.module.css'
import { GuestOrderHistory } from './guest-order-history'
import { GuestOrderLines } from './guest-order-lines'
import { GuestOrderTracking } from './guest-order-tracking'

function Section({ title, area, children }: { title: string; area: string | undefined; children: ReactNode }) {
  const titleId = useId()
  return (
    <section className={`${classes.card} ${area ?? ''}`} aria-labelledby={titleId}>
      <Title order={2} id={titleId} className={classes.cardTitle}>
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </section>
  )
}

/** The shop's default words for card ("You will pay by card...") say nothing once the card checkout is over. */
function shownInstructions(payment: GuestOrder['payment']): string | null {
  const isCheckoutOver = payment.method === 'card' && payment.status !== 'awaiting_payment'
  return isCheckoutOver && payment.instructions === CARD_PAYMENT_INSTRUCTIONS ? null : payment.instructions
}

/**
 * What the holder of an order's link sees: its status and history, its lines and total, where it goes, its
 * tracking, and whom to ask. No admin note and no id: only what ZGuestOrder carries. A card order says first
 * whether its payment is waiting for Stripe's confirmation, received, or never came (the order then cancelled).
 */
export function GuestOrderView({ order, shop }: { order: GuestOrder; shop: ShopInfo | undefined }) {
  return (
    <Stack gap="lg">
      <header className={classes.header}>
        <Text className={classes.eyebrow}>Your order</Text>
        <Group gap="sm" align="center" mt={4}>
          <Title order={1} className={classes.title}>
            Order {order.orderNumber}
          </Title>
          <OrderStatusBadge status={order.status} size="lg" />
        </Group>
        <Text size="sm" c="ink.7" mt={4}>
          Placed on {formatDate(order.createdAt)} by {order.customerName}
        </Text>
      </header>

      <CardPaymentNotice order={order} />

      <div className={classes.layout}>
        <Section title="Status" area={classes.status}>
          <GuestOrderHistory history={order.history} status={order.status} />
        </Section>
        <Section title="Items" area={classes.items}>
          <GuestOrderLines items={order.items} total={order.total} charges={order.charges} currency={shop?.currency} />
        </Section>
        {order.payment.methodName && (
          <Section title="Payment" area={classes.payment}>
            <PaymentInstructions
              methodName={order.payment.methodName}
              instructions={shownInstructions(order.payment)}
              status={order.payment.status}
            />
          </Section>
        )}
        <Section title="Delivery" area={classes.delivery}>
          <Text size="sm" fw={600}>
            {order.customerName}
          </Text>
          <Text size="sm" className={classes.address}>
            {order.shippingAddress ?? 'No address provided'}
          </Text>
          <GuestOrderTracking
            status={order.status}
            trackingNumber={order.trackingNumber}
            trackingUrl={order.trackingUrl}
          />
        </Section>
        {shop && (
          <Section title="Questions?" area={classes.contact}>
            <Text size="sm" c="ink.7">
              Write to us or call us, with your order number at hand.
            </Text>
            <Anchor href={`mailto:${shop.email}`} size="sm" c="gold.8" style={{ overflowWrap: 'anywhere' }}>
              {shop.email}
            </Anchor>
            <Anchor href={`tel:${shop.phone.replace(/[^+\d]/g, '')}`} size="sm" c="gold.8">
              {shop.phone}
            </Anchor>
          </Section>
        )}
      </div>
    </Stack>
  )
}
