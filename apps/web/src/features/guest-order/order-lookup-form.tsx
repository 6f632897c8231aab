import { Button, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { MAX_ORDER_NUMBER_LENGTH, type OrderLookupInput, ZOrderLookupInput } from '@shop/schema/order-lookup'
import { useIsHydrated } from '../../lib/use-is-hydrated'

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
  // Before the page's code has run, the browser checks the fields and sends the form to the server
  // (POST /order-tracking answers with this page); once it runs, the schema checks them and the API is called.
  const isHydrated = useIsHydrated()
  return (
    <form method="post" action="/order-tracking" noValidate={isHydrated} onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        <TextInput
          label="Order number"
          placeholder="ORD-1001"
          description="It is in your order confirmation e-mail."
          autoComplete="off"
          name="orderNumber"
          required
          maxLength={MAX_ORDER_NUMBER_LENGTH}
          key={form.key('orderNumber')}
          {...form.getInputProps('orderNumber')}
        />
        <TextInput
          label="E-mail"
          description="The address you ordered with."
          type="email"
          autoComplete="email"
          name="email"
          required
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
