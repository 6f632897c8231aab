import { Loader, Text } from '@mantine/core'
import type { GuestOrder } from '@shop/schema/orders'
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react'
import classes from './guest-order.module.css'

type CardState = 'waiting' | 'paid' | 'cancelled' | null

/**
 * What the page says of a card order's payment. Only the server's status counts, never the redirect from Stripe
 * (which anyone can type): "waiting" until the server has recorded Stripe's signed event, "paid" once it has, and
 * "cancelled" when the session ran out unpaid and the shop cancelled the order.
 */
export function cardPaymentState(order: Pick<GuestOrder, 'status' | 'payment'>): CardState {
  if (order.payment.method !== 'card') return null
  const { status } = order.payment
  if (status === 'paid') return 'paid'
  if (order.status === 'cancelled') return status === 'unpaid' || status === 'awaiting_payment' ? 'cancelled' : null
  return status === 'awaiting_payment' ? 'waiting' : null
}

const WORDS = {
  waiting: {
    title: "Waiting for your bank's confirmation",
    text: 'This page updates by itself as soon as the payment is confirmed, usually within a few seconds.',
  },
  paid: {
    title: 'Payment received',
    text: 'Thank you: your card payment is recorded. Your order confirmation is on its way to your inbox.',
  },
  cancelled: {
    title: 'This order was cancelled because it was not paid',
    text: 'The card payment was not completed in time, so nothing was charged. You are welcome to order again.',
  },
}

/**
 * The card payment's state, in a polite live region that stays in place while the page asks again, so a screen
 * reader announces the change from waiting to received.
 */
export function CardPaymentNotice({ order }: { order: Pick<GuestOrder, 'status' | 'payment'> }) {
  if (order.payment.method !== 'card') return null
  const state = cardPaymentState(order)
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {state && (
        <div className={classes.notice} data-state={state} data-testid="card-payment-notice">
          {state === 'waiting' ? (
            <Loader size={20} color="gold.7" className={classes.noticeIcon} aria-hidden />
          ) : state === 'paid' ? (
            <IconCircleCheck
              size={22}
              stroke={1.5}
              color="var(--mantine-color-green-8)"
              className={classes.noticeIcon}
              aria-hidden
            />
          ) : (
            <IconCircleX
              size={22}
              stroke={1.5}
              color="var(--mantine-color-red-8)"
              className={classes.noticeIcon}
              aria-hidden
            />
          )}
          <div>
            <Text fw={600} c="ink.9">
              {WORDS[state].title}
            </Text>
            <Text size="sm" c="ink.8" mt={2}>
              {WORDS[state].text}
            </Text>
          </div>
        </div>
      )}
    </div>
  )
}
