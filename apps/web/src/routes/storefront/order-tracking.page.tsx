// Alert's styles are the admin's (routes/admin/admin-styles.css), not the storefront's first load: they come with this page.
import '@mantine/core/styles/Alert.css'
import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core'
import { ORDER_LOOKUP_OUTCOMES, orderLookupOutcomeOf } from '@shop/schema/order-lookup'
import { IconAlertTriangle, IconMail } from '@tabler/icons-react'
import { useSearchParams } from 'react-router-dom'
import { OrderLookupForm } from '../../features/guest-order/order-lookup-form'
import { useOrderLookup } from '../../features/guest-order/use-guest-order'
import { usePageMeta } from '../../features/shop/use-shop'
import { apiMessageOf } from '../../lib/api-error'

/** "Order Tracking": the order's link is e-mailed to its buyer; the answer is the same whether or not it matched. */
export function OrderTrackingPage() {
  usePageMeta('Order Tracking', 'Get the link to your order by e-mail.')
  const [searchParams] = useSearchParams()
  const lookup = useOrderLookup()
  // The form sent by the browser before the page's code ran: the server answered with this page and `?lookup=`.
  const sentByBrowser = lookup.isIdle ? orderLookupOutcomeOf(searchParams.get('lookup')) : undefined
  return (
    <Container size={560} py={{ base: 'lg', sm: 64 }} pb={{ base: 56, sm: 96 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            Order Tracking
          </Title>
          <Text c="ink.7">
            Enter your order number and the e-mail address you ordered with. We will e-mail you a link to your order,
            where you can follow its status and tracking.
          </Text>
        </Stack>
        <Paper withBorder radius="md" p="lg">
          <OrderLookupForm
            initialOrderNumber={searchParams.get('orderNumber') ?? ''}
            isPending={lookup.isPending}
            onSubmit={(values) => lookup.mutate(values)}
          />
        </Paper>
        {/* The server's words, the same whether or not the order matched. */}
        {(lookup.isSuccess || sentByBrowser === 'sent') && (
          <Alert color="green" role="status" title="Check your inbox" icon={<IconMail size={18} />}>
            {lookup.data?.message ?? ORDER_LOOKUP_OUTCOMES.sent}
          </Alert>
        )}
        {sentByBrowser !== undefined && sentByBrowser !== 'sent' && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
            {ORDER_LOOKUP_OUTCOMES[sentByBrowser]}
          </Alert>
        )}
        {lookup.isError && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
            {/* A 429 says when to try again. */}
            {apiMessageOf(lookup.error) ??
              'Your request could not be sent. Please check your connection and try again.'}
          </Alert>
        )}
      </Stack>
    </Container>
  )
}
