import { Anchor, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconReceiptOff } from '@tabler/icons-react'
import { useEffect } from 'react'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { GuestOrderView } from '../../features/guest-order/guest-order-view'
import { useGuestOrder } from '../../features/guest-order/use-guest-order'
import { usePageMeta, useShopInfo } from '../../features/shop/use-shop'

/** Keeps an order's private page out of search engines' indexes while it is open. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta')
    meta.name = 'robots'
    meta.content = 'noindex'
    document.head.append(meta)
    return () => meta.remove()
  }, [])
}

/** /orders/{orderNumber}?key=...: the order's page for whoever holds its link. */
export function GuestOrderPage() {
  const orderNumber = useParams().orderNumber ?? ''
  const [searchParams] = useSearchParams()
  const key = searchParams.get('key') ?? ''
  const { data: order, isNotFound, isError, refetch, isRefetching } = useGuestOrder(orderNumber, key)
  const { data: shop } = useShopInfo()
  usePageMeta(order ? `Order ${order.orderNumber}` : 'Your order')
  useNoIndex()

  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      {isNotFound ? (
        <Stack align="center" ta="center" gap="md" py={40}>
          <IconReceiptOff size={48} stroke={1.2} aria-hidden />
          <Title order={1} fz={28}>
            We could not find this order
          </Title>
          <Text c="ink.7" maw={480}>
            The link may be incomplete. Open it again from your order e-mail, or ask for a new link with your order
            number and e-mail address.
          </Text>
          <Button component={Link} to="/order-tracking">
            Order Tracking
          </Button>
        </Stack>
      ) : isError ? (
        <Stack align="center" ta="center" gap="md" py={40}>
          <Title order={1} fz={28}>
            Your order could not be loaded
          </Title>
          <Button onClick={() => void refetch()} loading={isRefetching}>
            Try again
          </Button>
        </Stack>
      ) : !order ? (
        <Stack gap="lg" aria-busy="true">
          <Skeleton height={40} width="60%" />
          <Skeleton height={220} />
          <Skeleton height={200} />
        </Stack>
      ) : (
        <Stack gap="xl">
          <GuestOrderView order={order} />
          {shop && (
            <Text size="sm" c="ink.7">
              Questions about your order? Write to{' '}
              <Anchor href={`mailto:${shop.email}`} c="gold.8">
                {shop.email}
              </Anchor>{' '}
              or call {shop.phone}.
            </Text>
          )}
        </Stack>
      )}
    </Container>
  )
}
