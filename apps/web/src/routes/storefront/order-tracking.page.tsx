import { Alert, Button, Card, Container, Stack, Text, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type OrderLookupInput, ZOrderLookupInput } from '@shop/schema/orders'
import { IconAlertTriangle, IconMailForward } from '@tabler/icons-react'
import { useOrderLookup } from '../../features/guest-order/use-guest-order'
import { usePageMeta } from '../../features/shop/use-shop'
import { apiMessageOf } from '../../lib/api-error'

/** "Order Tracking": the order's link is e-mailed to its buyer; the answer is the same whether or not it matched. */
export function OrderTrackingPage() {
  usePageMeta('Order Tracking', 'Get the link to your order by e-mail.')
  const lookup = useOrderLookup()
  const form = useForm<OrderLookupInput>({
    mode: 'uncontrolled',
    initialValues: { orderNumber: '', email: '' },
    validate: schemaResolver(ZOrderLookupInput),
  })
  return (
    <Container size={520} py={{ base: 32, sm: 64 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            Order Tracking
          </Title>
          <Text c="ink.7">
            Enter your order number and the e-mail address you ordered with. We will e-mail you a link to your order,
            where you can follow its status and tracking.
          </Text>
        </Stack>
        <Card withBorder radius="md" padding="lg">
          <form noValidate onSubmit={form.onSubmit((values) => lookup.mutate(ZOrderLookupInput.parse(values)))}>
            <Stack gap="md">
              <TextInput
                label="Order number"
                placeholder="ORD-1001"
                withAsterisk
                key={form.key('orderNumber')}
                {...form.getInputProps('orderNumber')}
              />
              <TextInput
                label="E-mail"
                type="email"
                autoComplete="email"
                withAsterisk
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <Button type="submit" loading={lookup.isPending} leftSection={<IconMailForward size={18} />}>
                E-mail me the link
              </Button>
            </Stack>
          </form>
        </Card>
        {lookup.data && (
          <Alert color="green" role="status" title="Check your inbox">
            {lookup.data.message}
          </Alert>
        )}
        {lookup.error && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
            {apiMessageOf(lookup.error) ?? 'Something went wrong. Please try again.'}
          </Alert>
        )}
      </Stack>
    </Container>
  )
}
