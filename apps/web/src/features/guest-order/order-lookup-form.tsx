import { Button, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type OrderLookupInput, ZOrderLookupInput } from '@shop/schema/orders'

interface OrderLookupFormProps {
  /** From the address (?orderNumber=), e.g. when the guest order page could not find the order. */
  initialOrderNumber: string
  isPending: boolean
  onSubmit: (values: OrderLookupInput) => void
}

/** The order number and the e-mail address the order was placed with, checked with the server's schema. */
export function OrderLookupForm({ initialOrderNumber, isPending, onSubmit }: OrderLookupFormProps) {
  const form = useForm<OrderLookupInput>({
    mode: 'uncontrolled',
    initialValues: { orderNumber: initialOrderNumber, email: '' },
    validate: schemaResolver(ZOrderLookupInput, { sync: true }),
    // Runs once validation has passed: the trimmed values the server reads.
    transformValues: (values) => ZOrderLookupInput.parse(values),
  })
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        <TextInput
          label="Order number"
          placeholder="ORD-1001"
          description="It is in your order confirmation e-mail."
          withAsterisk
          autoComplete="off"
          key={form.key('orderNumber')}
          {...form.getInputProps('orderNumber')}
        />
        <TextInput
          label="E-mail"
          description="The address you ordered with."
          type="email"
          autoComplete="email"
          withAsterisk
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" loading={isPending}>
          E-mail me the link
        </Button>
      </Stack>
    </form>
  )
}
