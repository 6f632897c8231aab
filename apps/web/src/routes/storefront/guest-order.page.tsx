import { Container, Skeleton, Stack } from '@mantine/core'
import { useParams, useSearchParams } from 'react-router-dom'
import { GuestOrderLoadError } from '../../features/guest-order/guest-order-load-error'
import { GuestOrderNotFound } from '../../features/guest-order/guest-order-not-found'
import { GuestOrderView } from '../../features/guest-order/guest-order-view'
import { useGuestOrder } from '../../features/guest-order/use-guest-order'
import { usePageHead } from '../../features/seo/use-page-head'
import { useShopInfo } from '../../features/shop/use-shop'

/** /orders/{orderNumber}?key=...: the order's page for whoever holds its link (checkout, or any mail about it). */
export function GuestOrderPage() {
  const orderNumber = useParams().orderNumber ?? ''
  const [searchParams] = useSearchParams()
  const key = searchParams.get('key') ?? ''
  const { data: order, isNotFound, isError, refetch, isRefetching } = useGuestOrder(orderNumber, key)
  const { data: shop } = useShopInfo()
  usePageHead({
    title: order ? `Order ${order.orderNumber}` : isNotFound ? 'Order not found' : 'Your order',
    noindex: true,
  })

  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }} pb={{ base: 56, sm: 96 }}>
      {/* React puts it in the head: the page of one buyer's order belongs in no search engine. */}
      <meta name="robots" content="noindex, nofollow" />
      {isNotFound ? (
        <GuestOrderNotFound orderNumber={orderNumber} />
      ) : isError ? (
        <GuestOrderLoadError onRetry={() => void refetch()} isRetrying={isRefetching} />
      ) : order ? (
        <GuestOrderView order={order} shop={shop} />
      ) : (
        <Stack gap="lg" aria-busy="true" aria-label="Loading your order">
          <Skeleton height={44} width="70%" />
          <Skeleton height={240} radius="md" />
          <Skeleton height={180} radius="md" />
        </Stack>
      )}
    </Container>
  )
}
