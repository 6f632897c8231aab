import { Button, Card, Group, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { moneyToCents } from '@shop/schema/common'
import type { Order } from '@shop/schema/orders'
import {
  adminMethodName,
  MAX_PAYMENT_NOTE,
  type PaymentEntryKind,
  type RecordPaymentInput,
  ZRecordPaymentInput,
} from '@shop/schema/payments'
import { useState } from 'react'
import { fieldErrorsOf } from '../../lib/error-message'
import { PaymentStatusBadge } from '../payments/payment-instructions'
import { useFormatMoney } from '../shop/use-format-money'
import { CardRefundForm } from './card-refund-form'
import { useRecordPayment, useRefundCardPayment } from './use-admin-orders'

const centsText = (cents: number) => (cents / 100).toFixed(2)

/**
 * A card order's refunds: Stripe took the money, so a refund goes back through Stripe ("Refund"), and the ledger
 * records it when Stripe confirms it. Nothing to refund before the payment is recorded.
 */
function CardRefunds({ order, held }: { order: Order; held: number }) {
  const refund = useRefundCardPayment()
  const [isOpen, setIsOpen] = useState(false)
  if (isOpen) {
    return (
      <CardRefundForm
        orderId={order.id}
        held={centsText(held)}
        isPending={refund.isPending}
        onRefund={refund.mutateAsync}
        onClose={() => setIsOpen(false)}
      />
    )
  }
  return (
    <Stack gap="xs">
      <Text size="xs" c="ink.7">
        Card payments are recorded when Stripe confirms them. A refund goes back to the buyer's card through Stripe.
      </Text>
      <Group justify="flex-end">
        <Button size="xs" variant="default" disabled={held <= 0} onClick={() => setIsOpen(true)}>
          Refund
        </Button>
      </Group>
    </Stack>
  )
}

/**
 * How the order is paid (the method and instructions the buyer was given), its payment status, and the form that
 * records money received or refunded with an amount and a note; for a card order, the refund through Stripe instead.
 * The status follows from those records (docs/decisions/0014-payment-status.md, 0020).
 */
export function OrderPaymentCard({ order }: { order: Order }) {
  const { payment } = order
  const held = moneyToCents(payment.paid) - moneyToCents(payment.refunded)
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg">
          Payment
        </Title>
        <PaymentStatusBadge status={payment.status} size="md" />
      </Group>
      <PaymentSummary order={order} />
      {payment.method === 'card' ? (
        <CardRefunds order={order} held={held} />
      ) : (
        <RecordPaymentForm order={order} held={held} />
      )}
    </Card>
  )
}

function PaymentSummary({ order }: { order: Order }) {
  const formatMoney = useFormatMoney()
  const { payment } = order
  return (
    <Stack gap={4} mb="md">
      <Text size="sm">
        Method: <strong>{payment.method ? adminMethodName(payment.method) : 'None chosen'}</strong>
      </Text>
      {payment.instructions && (
        <Text size="xs" c="ink.7" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {payment.instructions}
        </Text>
      )}
      <Text size="sm">
        Paid {formatMoney(payment.paid)}
        {moneyToCents(payment.refunded) > 0 ? ` · Refunded ${formatMoney(payment.refunded)}` : ''} of{' '}
        {formatMoney(order.total)}
      </Text>
    </Stack>
  )
}

/** Money received or refunded outside the shop (a transfer, cash), recorded by hand with an amount and a note. */
function RecordPaymentForm({ order, held }: { order: Order; held: number }) {
  const record = useRecordPayment()
  const due = Math.max(0, moneyToCents(order.total) - held)
  const suggested = (kind: PaymentEntryKind) => centsText(kind === 'refund' ? held : due)
  const defaultKind: PaymentEntryKind = due === 0 && held > 0 ? 'refund' : 'payment'
  const form = useForm<RecordPaymentInput & { amount: string; note: string }>({
    mode: 'controlled',
    initialValues: { id: order.id, kind: defaultKind, amount: suggested(defaultKind), note: '' },
    validate: schemaResolver(ZRecordPaymentInput, { sync: true }),
  })
  const kind = form.getValues().kind as PaymentEntryKind
  return (
    <form
      noValidate
      aria-label="Record a payment"
      onSubmit={form.onSubmit((values) =>
        // The amount goes as typed ("120.00"): the server reads it as an amount, not as cents.
        record.mutateAsync({ ...values, note: values.note.trim() || null }).then(
          // The page remounts this card with the order as saved (its key is the order's updatedAt).
          () => undefined,
          (error: unknown) => form.setErrors(fieldErrorsOf(error)),
        ),
      )}
    >
      <Stack gap="xs">
        {/* Short labels: the card is a narrow column beside the order, where longer ones were cut off. */}
        <SegmentedControl
          aria-label="Payment or refund"
          fullWidth
          data={[
            { value: 'payment', label: 'Payment' },
            { value: 'refund', label: 'Refund' },
          ]}
          value={kind}
          onChange={(value) => {
            form.setFieldValue('kind', value as PaymentEntryKind)
            form.setFieldValue('amount', suggested(value as PaymentEntryKind))
          }}
        />
        <TextInput label="Amount" inputMode="decimal" withAsterisk {...form.getInputProps('amount')} />
        <Textarea
          label="Payment note"
          description="e.g. the transfer's reference or date; shown on the order's timeline."
          autosize
          minRows={1}
          maxRows={4}
          maxLength={MAX_PAYMENT_NOTE}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={record.isPending}>
            {kind === 'refund' ? 'Record refund' : 'Record payment'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
