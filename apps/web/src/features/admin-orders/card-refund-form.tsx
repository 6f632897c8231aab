import { Button, Group, Stack, Textarea, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type CardRefundInput, MAX_PAYMENT_NOTE, ZCardRefundInput } from '@shop/schema/payments'
import { useState } from 'react'
import { apiMessageOf, httpStatusOf } from '../../lib/api-error'
import { fieldErrorsOf } from '../../lib/error-message'

type RefundValues = CardRefundInput & { amount: string; note: string }

interface CardRefundFormProps {
  orderId: number
  /** What is held (paid - refunded), as "120.00": the amount offered. */
  held: string
  isPending: boolean
  /** Resolves once Stripe took the refund; rejects with the API's error. */
  onRefund: (input: CardRefundInput) => Promise<unknown>
  onClose: () => void
}

/**
 * A refund of a card payment through Stripe, of what is held or part of it. The request's id is made when the form
 * opens (it mounts then) and sent with every submit: a double click or a retry is one refund at Stripe, and opening
 * the form again makes a new refund.
 */
export function CardRefundForm({ orderId, held, isPending, onRefund, onClose }: CardRefundFormProps) {
  const [requestId] = useState(() => crypto.randomUUID())
  const form = useForm<RefundValues>({
    mode: 'controlled',
    initialValues: { id: orderId, amount: held, note: '', requestId },
    validate: schemaResolver(ZCardRefundInput, { sync: true }),
  })
  return (
    <form
      noValidate
      aria-label="Refund through Stripe"
      onSubmit={form.onSubmit((values) =>
        // The amount goes as typed ("20.00"): the server reads it as an amount, not as cents.
        onRefund({ ...values, note: values.note.trim() || null }).then(onClose, (error: unknown) => {
          const errors = fieldErrorsOf(error)
          // A refund above what is held is a 400 of no field: its message belongs under the amount.
          const message = apiMessageOf(error)
          if (httpStatusOf(error) === 400 && message && Object.keys(errors).length === 0) errors.amount = message
          form.setErrors(errors)
        }),
      )}
    >
      <Stack gap="xs">
        <Title order={3} fz="sm">
          Refund through Stripe
        </Title>
        <TextInput
          label="Refund amount"
          description={`Up to ${held}, what the shop holds.`}
          inputMode="decimal"
          withAsterisk
          data-autofocus
          {...form.getInputProps('amount')}
        />
        <Textarea
          label="Refund note"
          description="Why, for the order's timeline; the buyer does not see it."
          autosize
          minRows={1}
          maxRows={4}
          maxLength={MAX_PAYMENT_NOTE}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" size="xs" color="red.8" loading={isPending}>
            Send refund
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
