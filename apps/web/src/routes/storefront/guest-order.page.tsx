import { Container, Skeleton, Stack } from '@mantine/core'
import { useEffect } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import { forgetCardCheckout } from '../../features/checkout/pending-card-checkout'
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
  const shownNumber = order?.orderNumber
  // Back from Stripe on the order's page: the checkout no longer needs to offer the way back to it.
  useEffect(() => {
    if (shownNumber) forgetCardCheckout(shownNumber)
  }, [shownNumber])
  usePageHead({
    title: order ? `Order ${order.orderNumber}` : isNotFound ? 'Order not found' : 'Your order',
    noindex: true,
  })

  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }} pb={{ base: 56, sm: 96 }}>
      {/* React puts it in the head: the page of one buyer's order belongs in no search engine. */}
      <meta name="robots" content="noindex, nofollow" />
      {/* An order once shown stays shown when a later check fails (a card payment's page asks again by itself). */}
      {isNotFound ? (
        <GuestOrderNotFound orderNumber={orderNumber} />
      ) : order ? (
        <GuestOrderView order={order} shop={shop} />
      ) : isError ? (
        <GuestOrderLoadError onRetry={() => void refetch()} isRetrying={isRefetching} />
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
