import { Button, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type CheckoutForm as CheckoutValues, ZCheckoutForm } from '@shop/schema/orders'
import { IconLock } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import classes from './checkout-form.module.css'

const EMPTY_VALUES: CheckoutValues = {
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  notes: '',
}

const FIELD_CLASSES = { label: classes.label, input: classes.input, error: classes.error }

interface CheckoutFormProps {
  isPending: boolean
  onSubmit: (values: CheckoutValues) => void
  /** Each change of the values: the order summary prices the address as it is typed. */
  onValuesChange?: (values: CheckoutValues) => void
  /** Shown above the button: the payment method choice (docs/decisions/0014-payment-status.md). */
  beforeSubmit?: ReactNode
}

/** Contact and shipping details, validated with the shared checkout schema. */
export function CheckoutForm({ isPending, onSubmit, onValuesChange, beforeSubmit }: CheckoutFormProps) {
  const form = useForm<CheckoutValues>({
    initialValues: EMPTY_VALUES,
    onValuesChange,
    validate: schemaResolver(ZCheckoutForm, { sync: true }),
    validateInputOnBlur: true,
  })

  return (
    <form
      noValidate
      aria-label="Checkout"
      onSubmit={form.onSubmit(
        // Validation passed, so parsing cannot fail; it hands on the trimmed values.
        (values) => onSubmit(ZCheckoutForm.parse(values)),
        (errors) => {
          const [firstInvalid] = Object.keys(errors)
          if (firstInvalid) form.getInputNode(firstInvalid)?.focus()
        },
      )}
    >
      <Stack gap="xl">
        <section className={classes.section} aria-labelledby="checkout-contact">
          <Title order={2} id="checkout-contact" className={classes.heading}>
            Contact information
          </Title>
          <Stack gap="md">
            <TextInput
              classNames={FIELD_CLASSES}
              label="Full name"
              autoComplete="name"
              withAsterisk
              {...form.getInputProps('name')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                classNames={FIELD_CLASSES}
                label="Email"
                type="email"
                autoComplete="email"
                withAsterisk
                {...form.getInputProps('email')}
              />
              <TextInput
                classNames={FIELD_CLASSES}
                label="Phone"
                type="tel"
                autoComplete="tel"
                withAsterisk
                {...form.getInputProps('phone')}
              />
            </SimpleGrid>
          </Stack>
        </section>

        <section className={classes.section} aria-labelledby="checkout-shipping">
          <Title order={2} id="checkout-shipping" className={classes.heading}>
            Shipping address
          </Title>
          <Stack gap="md">
            <TextInput
              classNames={FIELD_CLASSES}
              label="Address"
              autoComplete="street-address"
              withAsterisk
              {...form.getInputProps('address')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                classNames={FIELD_CLASSES}
                label="City"
                autoComplete="address-level2"
                withAsterisk
                {...form.getInputProps('city')}
              />
              <TextInput
                classNames={FIELD_CLASSES}
                label="State"
                autoComplete="address-level1"
                withAsterisk
                {...form.getInputProps('state')}
              />
              <TextInput
                classNames={FIELD_CLASSES}
                label="ZIP code"
                autoComplete="postal-code"
                withAsterisk
                {...form.getInputProps('zip')}
              />
              <TextInput
                classNames={FIELD_CLASSES}
                label="Country"
                autoComplete="country-name"
                withAsterisk
                {...form.getInputProps('country')}
              />
            </SimpleGrid>
            <Textarea
              classNames={FIELD_CLASSES}
              label="Order notes (optional)"
              placeholder="Engraving wishes, gift message or delivery instructions"
              rows={3}
              resize="vertical"
              {...form.getInputProps('notes')}
            />
          </Stack>
        </section>

        {beforeSubmit}

        <Button
          type="submit"
          size="lg"
          fullWidth
          className={classes.submit}
          disabled={isPending}
          leftSection={<IconLock size={18} stroke={1.5} />}
        >
          {isPending ? 'Processing...' : 'Place Order'}
        </Button>
      </Stack>
    </form>
  )
}
