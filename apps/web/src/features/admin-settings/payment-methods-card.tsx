import { Button, Card, Group, Skeleton, Stack, Switch, Text, Textarea, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import {
  MAX_PAYMENT_INSTRUCTIONS,
  type PaymentSettings,
  type PaymentSettingsValues,
  ZPaymentSettingsInput,
} from '@shop/schema/payments'
import { LoadErrorView } from '../../components/admin/load-error-view'
import { fieldErrorsOf } from '../../lib/error-message'
import { usePaymentSettings, useSavePaymentSettings } from './use-payment-settings'

const PLACEHOLDERS: Record<string, string> = {
  bank_transfer: 'Account holder, IBAN and BIC; ask for the order number as the reference.',
  cash_on_delivery: 'Please have the exact amount ready for the courier.',
  pay_on_pickup: 'Where and when to collect the order, and how to pay there.',
}

const toFormValues = (settings: PaymentSettings): PaymentSettingsValues => ({
  methods: settings.methods.map(({ kind, enabled, instructions }) => ({ kind, enabled, instructions })),
})

interface PaymentMethodsFormProps {
  settings: PaymentSettings
  isSaving: boolean
  /** Resolves with what the server stored; rejects with the API's error, whose field problems (400) go on the fields. */
  onSave: (values: PaymentSettingsValues) => Promise<PaymentSettings>
}

/** The three methods, each with its switch and its instructions, checked with the server's schema. */
export function PaymentMethodsForm({ settings, isSaving, onSave }: PaymentMethodsFormProps) {
  const names = new Map(settings.methods.map((method) => [method.kind, method.name]))
  const form = useForm<PaymentSettingsValues>({
    mode: 'controlled',
    initialValues: toFormValues(settings),
    validate: schemaResolver(ZPaymentSettingsInput, { sync: true }),
    transformValues: (values) => ZPaymentSettingsInput.parse(values),
  })
  return (
    <form
      noValidate
      aria-label="Payment methods"
      onSubmit={form.onSubmit((values) =>
        onSave(values).then(
          (saved) => {
            form.setInitialValues(toFormValues(saved))
            form.reset()
          },
          (error: unknown) => form.setErrors(fieldErrorsOf(error)),
        ),
      )}
    >
      <Stack gap="md">
        {form.getValues().methods.map((method, index) => {
          const name = names.get(method.kind) ?? method.kind
          return (
            <Stack key={method.kind} gap={6}>
              <Switch
                label={name}
                description={method.enabled ? 'Offered at checkout' : 'Not offered'}
                {...form.getInputProps(`methods.${index}.enabled`, { type: 'checkbox' })}
              />
              <Textarea
                label={`Instructions for ${name}`}
                description="Shown to the buyer after the order, on the order page and in the confirmation e-mail."
                placeholder={PLACEHOLDERS[method.kind]}
                autosize
                minRows={2}
                maxRows={8}
                maxLength={MAX_PAYMENT_INSTRUCTIONS}
                withAsterisk={method.enabled}
                {...form.getInputProps(`methods.${index}.instructions`)}
              />
            </Stack>
          )
        })}
        <Group justify="flex-end">
          <Button type="submit" loading={isSaving}>
            Save payment methods
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/**
 * The payment methods the checkout offers (bank transfer, cash on delivery, pay on pickup), each with the
 * instructions the buyer is given. No card payments yet: the admin records the money on the order
 * (docs/decisions/0014-payment-status.md).
 */
export function PaymentMethodsCard() {
  const { data: settings, isError, refetch, isRefetching } = usePaymentSettings()
  const save = useSavePaymentSettings()
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="lg">
        Payment methods
      </Title>
      <Text size="sm" c="ink.7" mb="md">
        How buyers can pay. The checkout offers the enabled methods in this order; with none enabled, orders are placed
        without a payment method. Record payments on each order when the money arrives.
      </Text>
      {isError ? (
        <LoadErrorView
          message="The payment methods could not be loaded."
          onRetry={() => void refetch()}
          isRetrying={isRefetching}
        />
      ) : !settings ? (
        <Skeleton height={240} radius="md" aria-label="Loading the payment methods" />
      ) : (
        <PaymentMethodsForm settings={settings} isSaving={save.isPending} onSave={save.mutateAsync} />
      )}
    </Card>
  )
}
