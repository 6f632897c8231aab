import { ActionIcon, Button, Card, Group, Skeleton, Stack, Switch, Text, Textarea, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import {
  adminMethodName,
  CARD_PAYMENT_INSTRUCTIONS,
  isProviderMethod,
  MAX_PAYMENT_INSTRUCTIONS,
  type PaymentMethodKind,
  type PaymentSettings,
  type PaymentSettingsValues,
  ZPaymentSettingsInput,
} from '@shop/schema/payments'
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react'
import { LoadErrorView } from '../../components/admin/load-error-view'
import { fieldErrorsOf } from '../../lib/error-message'
import { CardPaymentSettings } from './card-payment-settings'
import { usePaymentSettings, useSavePaymentSettings } from './use-payment-settings'

const PLACEHOLDERS: Record<PaymentMethodKind, string> = {
  bank_transfer: 'Account holder, IBAN and BIC; ask for the order number as the reference.',
  cash_on_delivery: 'Please have the exact amount ready for the courier.',
  pay_on_pickup: 'Where and when to collect the order, and how to pay there.',
  card: CARD_PAYMENT_INSTRUCTIONS,
}

const toFormValues = (settings: PaymentSettings): PaymentSettingsValues => ({
  methods: settings.methods.map(({ kind, enabled, instructions }) => ({ kind, enabled, instructions })),
  unpaidCancelAfterMinutes: settings.card.unpaidCancelAfterMinutes,
})

interface PaymentMethodsFormProps {
  settings: PaymentSettings
  isSaving: boolean
  /** Resolves with what the server stored; rejects with the API's error, whose field problems (400) go on the fields. */
  onSave: (values: PaymentSettingsValues) => Promise<PaymentSettings>
}

/**
 * Every method with its switch, its place in the checkout's order (up and down) and its instructions, checked with
 * the server's schema. Card (Stripe) also shows how it is set up; it can be switched on only when the server has
 * Stripe's keys.
 */
export function PaymentMethodsForm({ settings, isSaving, onSave }: PaymentMethodsFormProps) {
  const form = useForm<PaymentSettingsValues>({
    mode: 'controlled',
    initialValues: toFormValues(settings),
    validate: schemaResolver(ZPaymentSettingsInput, { sync: true }),
    transformValues: (values) => ZPaymentSettingsInput.parse(values),
  })
  const { methods, unpaidCancelAfterMinutes } = form.getValues()
  const move = (from: number, to: number) => form.reorderListItem('methods', { from, to })
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
      <Stack gap="lg">
        {methods.map((method, index) => {
          const name = adminMethodName(method.kind)
          const isCard = method.kind === 'card'
          const isOptional = isProviderMethod(method.kind)
          return (
            <Stack
              key={method.kind}
              gap={6}
              role="group"
              aria-label={name}
              pt={index > 0 ? 'md' : 0}
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Switch
                  label={name}
                  description={
                    method.enabled
                      ? `Offered at checkout, ${index === 0 ? 'first' : `in place ${index + 1}`}`
                      : 'Not offered'
                  }
                  disabled={isCard && !settings.card.available}
                  {...form.getInputProps(`methods.${index}.enabled`, { type: 'checkbox' })}
                />
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <IconChevronUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={`Move ${name} down`}
                    disabled={index === methods.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <IconChevronDown size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
              {isCard && (
                <CardPaymentSettings
                  card={settings.card}
                  cancelAfter={unpaidCancelAfterMinutes}
                  onCancelAfterChange={(minutes) => form.setFieldValue('unpaidCancelAfterMinutes', minutes)}
                  cancelAfterError={form.errors.unpaidCancelAfterMinutes as string | undefined}
                />
              )}
              {(!isCard || settings.card.available) && (
                <Textarea
                  label={`Instructions for ${name}`}
                  description={
                    isOptional
                      ? `Optional: shown to the buyer before paying on Stripe's page. Left empty: "${CARD_PAYMENT_INSTRUCTIONS}"`
                      : 'Shown to the buyer after the order, on the order page and in the confirmation e-mail.'
                  }
                  placeholder={PLACEHOLDERS[method.kind]}
                  autosize
                  minRows={isOptional ? 1 : 2}
                  maxRows={8}
                  maxLength={MAX_PAYMENT_INSTRUCTIONS}
                  withAsterisk={method.enabled && !isOptional}
                  {...form.getInputProps(`methods.${index}.instructions`)}
                />
              )}
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
 * The payment methods the checkout offers, in its order: bank transfer, cash on delivery and pay on pickup, each
 * with the instructions the buyer is given (the admin records the money on the order,
 * docs/decisions/0014-payment-status.md), and card payments through Stripe's hosted Checkout, recorded by Stripe's
 * webhook (0020).
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
        without a payment method. Record offline payments on each order when the money arrives; card payments are
        recorded when Stripe confirms them.
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
