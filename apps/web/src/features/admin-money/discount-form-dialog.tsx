import {
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type Discount, type DiscountInput, type DiscountKind, ZDiscountInput } from '@shop/schema/money'
import { useId } from 'react'
import { fieldErrorsOf } from '../../lib/error-message'

/** A code as typed: amounts as text, dates as the browser's local date and time, an empty field for none. */
export interface DiscountFormValues {
  code: string
  kind: DiscountKind
  value: string
  minSubtotal: string
  startsAt: string
  endsAt: string
  maxUses: number | string
  oncePerEmail: boolean
  active: boolean
}

/** "2026-11-26T09:30" in this browser's time zone, as a datetime-local field shows it. */
function localDateTimeOf(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}

/** The instant of a datetime-local value; what was typed, for the schema to refuse, when it is not a date. */
function isoOf(local: string): string | null {
  if (!local.trim()) return null
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? local : date.toISOString()
}

function toFormValues(discount: Discount | null): DiscountFormValues {
  return {
    code: discount?.code ?? '',
    kind: discount?.kind ?? 'percent',
    value: discount?.value ?? '',
    minSubtotal: discount?.minSubtotal ?? '',
    startsAt: localDateTimeOf(discount?.startsAt ?? null),
    endsAt: localDateTimeOf(discount?.endsAt ?? null),
    maxUses: discount?.maxUses ?? '',
    oncePerEmail: discount?.oncePerEmail ?? false,
    active: discount?.active ?? true,
  }
}

/** What the API reads: empty fields are none. */
export function discountInputOf(values: DiscountFormValues): DiscountInput {
  return {
    code: values.code,
    kind: values.kind,
    value: values.value,
    minSubtotal: values.minSubtotal.trim() ? values.minSubtotal : null,
    startsAt: isoOf(values.startsAt),
    endsAt: isoOf(values.endsAt),
    maxUses: values.maxUses === '' ? null : Number(values.maxUses),
    oncePerEmail: values.oncePerEmail,
    active: values.active,
  }
}

/** A stored code as the API reads it back (the list's Deactivate sends it whole, with `active` changed). */
export function discountInputFrom(discount: Discount): DiscountInput {
  const { id: _, uses: __, createdAt: ___, updatedAt: ____, ...input } = discount
  return input
}

const validateDiscount = schemaResolver(ZDiscountInput, { sync: true })

interface DiscountFormProps {
  discount: Discount | null
  isSaving: boolean
  onCancel: () => void
  /** Resolves once saved; rejects with the API's error, whose field problems go on the fields. */
  onSubmit: (values: DiscountInput) => Promise<unknown>
}

export function DiscountForm({ discount, isSaving, onCancel, onSubmit }: DiscountFormProps) {
  const form = useForm<DiscountFormValues, DiscountInput>({
    mode: 'controlled',
    initialValues: toFormValues(discount),
    validate: (values) => validateDiscount(discountInputOf(values)),
    // Runs once validation has passed. The wire input, not the schema's output (cents), which the server would
    // read as whole amounts again.
    transformValues: discountInputOf,
  })
  const isPercent = form.getValues().kind === 'percent'
  const kindLabelId = useId()
  return (
    <form
      noValidate
      aria-label={discount ? 'Edit discount code' : 'New discount code'}
      onSubmit={form.onSubmit((values) =>
        onSubmit(values).catch((error: unknown) => form.setErrors(fieldErrorsOf(error, 'code'))),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label="Code"
          description="What buyers type at checkout: letters, digits, - and _."
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('code')}
          onChange={(event) => form.setFieldValue('code', event.currentTarget.value.toUpperCase())}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={kindLabelId}>
            Kind
          </Text>
          <SegmentedControl
            aria-labelledby={kindLabelId}
            color="gold"
            data={[
              { value: 'percent', label: 'Percent off' },
              { value: 'fixed', label: 'Amount off' },
            ]}
            {...form.getInputProps('kind')}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={isPercent ? 'Percent off' : 'Amount off'}
            description={isPercent ? 'Such as 10 or 12.5.' : 'Such as 15.00; never more than the goods.'}
            withAsterisk
            inputMode="decimal"
            {...form.getInputProps('value')}
          />
          <TextInput
            label="Minimum order"
            description="Goods before the discount; empty: any order."
            inputMode="decimal"
            {...form.getInputProps('minSubtotal')}
          />
          <TextInput
            type="datetime-local"
            label="Starts"
            description="Empty: from now."
            {...form.getInputProps('startsAt')}
          />
          <TextInput type="datetime-local" label="Ends" description="Empty: never." {...form.getInputProps('endsAt')} />
          <NumberInput
            label="Use limit"
            description="Orders in all; empty: no limit."
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('maxUses')}
          />
        </SimpleGrid>
        <Fieldset legend="Rules" variant="filled" radius="md" p="sm">
          <Stack gap="sm">
            <Switch
              label="Once per e-mail address"
              color="gold"
              {...form.getInputProps('oncePerEmail', { type: 'checkbox' })}
            />
            <Switch
              label="Active"
              description="Inactive codes are refused at checkout; their uses are kept."
              color="gold"
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
          </Stack>
        </Fieldset>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {discount ? 'Save code' : 'Create code'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

interface DiscountFormDialogProps extends Omit<DiscountFormProps, 'onCancel'> {
  isOpen: boolean
  onClose: () => void
}

/** The add and edit dialog of a discount code. */
export function DiscountFormDialog({ isOpen, onClose, discount, ...props }: DiscountFormDialogProps) {
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      size={600}
      centered
      closeOnClickOutside={!props.isSaving}
      closeOnEscape={!props.isSaving}
      title={discount ? `Edit ${discount.code}` : 'Add discount code'}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <DiscountForm key={discount?.id ?? 'new'} discount={discount} onCancel={onClose} {...props} />
    </Modal>
  )
}
