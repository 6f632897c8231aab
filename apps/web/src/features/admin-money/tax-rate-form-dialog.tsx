import { Button, Group, Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type TaxRate, type TaxRateInput, ZTaxRateInput } from '@shop/schema/money'
import { fieldErrorsOf } from '../../lib/error-message'

/** The form's values: every field as typed. */
export interface TaxRateFormValues {
  name: string
  country: string
  region: string
  rate: string
  appliesToShipping: boolean
}

function toFormValues(rate: TaxRate | null, defaultCountry: string): TaxRateFormValues {
  return {
    name: rate?.name ?? '',
    country: rate?.country ?? defaultCountry,
    region: rate?.region ?? '',
    rate: rate?.rate ?? '',
    appliesToShipping: rate?.appliesToShipping ?? false,
  }
}

interface TaxRateFormProps {
  rate: TaxRate | null
  defaultCountry: string
  isSaving: boolean
  onCancel: () => void
  /** Resolves once saved; rejects with the API's error, whose field problems go on the fields. */
  onSubmit: (values: TaxRateInput) => Promise<unknown>
}

export function TaxRateForm({ rate, defaultCountry, isSaving, onCancel, onSubmit }: TaxRateFormProps) {
  // Sends the values as typed, which the server parses: the schema's output (hundredths of a percent) would be
  // read as a percentage again.
  const form = useForm<TaxRateFormValues>({
    mode: 'uncontrolled',
    initialValues: toFormValues(rate, defaultCountry),
    validate: schemaResolver(ZTaxRateInput, { sync: true }),
  })
  return (
    <form
      noValidate
      aria-label={rate ? 'Edit tax rate' : 'New tax rate'}
      onSubmit={form.onSubmit((values) =>
        onSubmit(values).catch((error: unknown) => form.setErrors(fieldErrorsOf(error))),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label="Tax name"
          description="Shown to buyers, such as Sales tax or VAT."
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            label="Country"
            description="Two letters, such as US."
            withAsterisk
            maxLength={2}
            key={form.key('country')}
            {...form.getInputProps('country')}
          />
          <TextInput
            label="State"
            description="Empty: the whole country."
            key={form.key('region')}
            {...form.getInputProps('region')}
          />
          <TextInput
            label="Rate (%)"
            description="Such as 8.25."
            withAsterisk
            inputMode="decimal"
            key={form.key('rate')}
            {...form.getInputProps('rate')}
          />
        </SimpleGrid>
        <Switch
          label="Also tax shipping"
          color="gold"
          key={form.key('appliesToShipping')}
          {...form.getInputProps('appliesToShipping', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {rate ? 'Save tax rate' : 'Create tax rate'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

interface TaxRateFormDialogProps extends Omit<TaxRateFormProps, 'onCancel'> {
  isOpen: boolean
  onClose: () => void
}

/** The add and edit dialog of a tax rate. */
export function TaxRateFormDialog({ isOpen, onClose, rate, ...props }: TaxRateFormDialogProps) {
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      size={550}
      centered
      closeOnClickOutside={!props.isSaving}
      closeOnEscape={!props.isSaving}
      title={rate ? 'Edit tax rate' : 'Add tax rate'}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <TaxRateForm key={rate?.id ?? 'new'} rate={rate} onCancel={onClose} {...props} />
    </Modal>
  )
}
