import '@mantine/core/styles/Radio.css'
import { Radio, Stack, Text, Title } from '@mantine/core'
import type { OfferedPaymentMethod, PaymentMethodKind } from '@shop/schema/payments'
import classes from './checkout-form.module.css'

/**
 * The payment methods the shop offers (from GET /shop), the first chosen unless the buyer picks another.
 * Nothing when the shop offers none: the order is then placed without a method, as before. Card is paid on
 * Stripe's page after the order is placed; when Stripe could not be reached the server's message shows here, so
 * the buyer can choose another method (the cart is kept).
 * See docs/decisions/0014-payment-status.md.
 */
export function PaymentMethodChoice({
  methods,
  value,
  onChange,
  error,
}: {
  methods: readonly OfferedPaymentMethod[]
  value: PaymentMethodKind | undefined
  onChange: (kind: PaymentMethodKind) => void
  /** The last attempt's failure to reach the payment service, for the method it was made with. */
  error?: { method: PaymentMethodKind; message: string } | undefined
}) {
  if (methods.length === 0) return null
  const chosen = value && methods.some((method) => method.kind === value) ? value : methods[0]?.kind
  const shownError = error && error.method === chosen ? error.message : undefined
  return (
    <section className={classes.section} aria-labelledby="checkout-payment">
      <Title order={2} id="checkout-payment" className={classes.heading}>
        Payment
      </Title>
      <Radio.Group
        label="Payment method"
        value={chosen ?? ''}
        onChange={(kind) => onChange(kind as PaymentMethodKind)}
        error={shownError && `${shownError} Please choose another payment method, or try again in a moment.`}
      >
        <Stack gap="sm" mt={6}>
          {methods.map((method) => (
            <Radio key={method.kind} value={method.kind} label={method.name} />
          ))}
        </Stack>
      </Radio.Group>
      <Text size="sm" c="ink.7" mt="sm">
        {chosen === 'card'
          ? "Once your order is placed you pay on Stripe's secure page, then come back here. Your card details never reach our shop."
          : 'No payment is taken now: how to pay is shown once your order is placed, and in your confirmation e-mail.'}
      </Text>
    </section>
  )
}
