import { Container, Text, Title } from '@mantine/core'
import { useCart } from '../../features/cart/cart-store'
import { CheckoutEmpty } from '../../features/checkout/checkout-empty'
import { CheckoutForm } from '../../features/checkout/checkout-form'
import { OrderConfirmed } from '../../features/checkout/order-confirmed'
import { OrderSummary } from '../../features/checkout/order-summary'
import { usePlaceOrder } from '../../features/checkout/use-place-order'
import { usePageMeta } from '../../features/shop/use-shop'
import classes from './checkout.page.module.css'

export function CheckoutPage() {
  const { items, total, itemCount } = useCart()
  const { placeOrder, order, isPending } = usePlaceOrder()
  // The cart is cleared just before the order arrives: while pending, an empty cart is not "nothing to check out".
  const isEmpty = items.length === 0 && !order && !isPending
  usePageMeta(order ? 'Order Confirmed' : 'Checkout')

  if (order) {
    return (
      <Container className={classes.page}>
        <OrderConfirmed order={order} />
      </Container>
    )
  }
  if (isEmpty) {
    return (
      <Container className={classes.page}>
        <CheckoutEmpty />
      </Container>
    )
  }
  return (
    <Container className={classes.page}>
      <header className={classes.header}>
        <Title order={1} className={classes.title}>
          Checkout
        </Title>
        <Text c="ink.7" mt={6}>
          Guest checkout: no account needed. Shipping is free.
        </Text>
      </header>
      <div className={classes.layout}>
        <div className={classes.formColumn}>
          <CheckoutForm isPending={isPending} onSubmit={placeOrder} />
        </div>
        <div className={classes.summaryColumn}>
          <OrderSummary items={items} itemCount={itemCount} total={total} />
        </div>
      </div>
    </Container>
  )
}
