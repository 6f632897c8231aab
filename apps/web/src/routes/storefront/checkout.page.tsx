import { Container, Stack, Text, Title } from '@mantine/core'
import type { CheckoutForm as CheckoutValues } from '@shop/schema/orders'
import type { PaymentMethodKind } from '@shop/schema/payments'
import { useState } from 'react'
import { NeedsJavaScript } from '../../components/needs-javascript'
import { useCart } from '../../features/cart/cart-store'
import { CardCheckoutNotice } from '../../features/checkout/card-checkout-notice'
import { CheckoutEmpty } from '../../features/checkout/checkout-empty'
import { CheckoutForm } from '../../features/checkout/checkout-form'
import { OrderConfirmed } from '../../features/checkout/order-confirmed'
import { OrderSummary } from '../../features/checkout/order-summary'
import { PayRedirect } from '../../features/checkout/pay-redirect'
import { PaymentMethodChoice } from '../../features/checkout/payment-method-choice'
import { forgetCardCheckout, readCardCheckout } from '../../features/checkout/pending-card-checkout'
import { usePlaceOrder } from '../../features/checkout/use-place-order'
import { type QuoteDetails, useQuote } from '../../features/checkout/use-quote'
import { usePageHead } from '../../features/seo/use-page-head'
import { useShopInfo } from '../../features/shop/use-shop'
import { apiMessageOf } from '../../lib/api-error'
import { useIsHydrated } from '../../lib/use-is-hydrated'
import classes from './checkout.page.module.css'

export function CheckoutPage() {
  const isHydrated = useIsHydrated()
  const { items, total, itemCount } = useCart()
  const [details, setDetails] = useState<QuoteDetails>({
    country: '',
    state: '',
    email: '',
    shippingMethodId: undefined,
    discountCode: '',
  })
  const quote = useQuote(items, details)
  const paymentMethods = useShopInfo().data?.paymentMethods ?? []
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethodKind | undefined>()
  const chosenPayment = paymentMethods.find((method) => method.kind === paymentMethod)?.kind ?? paymentMethods[0]?.kind
  const { placeOrder, order, isPending, paymentError } = usePlaceOrder(details, quote.data, chosenPayment)
  const onValuesChange = (values: CheckoutValues) =>
    setDetails((current) =>
      current.country === values.country && current.state === values.state && current.email === values.email
        ? current
        : { ...current, country: values.country, state: values.state, email: values.email },
    )
  // The cart is cleared just before the order arrives: while pending, an empty cart is not "nothing to check out".
  const isEmpty = items.length === 0 && !order && !isPending
  usePageHead({ title: order ? (order.payUrl ? 'Payment' : 'Order Confirmed') : 'Checkout', noindex: true })
  const [isNoticeDismissed, setIsNoticeDismissed] = useState(false)
  // The browser's own storage: read only once hydrated (the server's page has no such notice).
  const pendingCard = isHydrated && !order && !isNoticeDismissed ? readCardCheckout() : null
  const cardNotice = pendingCard && (
    <CardCheckoutNotice
      pending={pendingCard}
      onDismiss={() => {
        forgetCardCheckout()
        setIsNoticeDismissed(true)
      }}
    />
  )

  // The cart lives in the browser: the server's page (and a browser without JavaScript) shows a placeholder.
  if (!isHydrated) {
    return (
      <Container className={classes.page}>
        <Stack align="center" gap="md" ta="center" py={72} maw={520} mx="auto">
          <Title order={1}>Checkout</Title>
          <NeedsJavaScript>
            Your cart and the checkout need JavaScript: please turn it on in your browser to place your order.
          </NeedsJavaScript>
        </Stack>
      </Container>
    )
  }
  if (order?.payUrl) {
    return (
      <Container className={classes.page}>
        <PayRedirect order={order} payUrl={order.payUrl} />
      </Container>
    )
  }
  if (order) {
    return (
      <Container className={classes.page}>
        <OrderConfirmed order={order} currency={quote.data?.currency} />
      </Container>
    )
  }
  if (isEmpty) {
    return (
      <Container className={classes.page}>
        {cardNotice}
        <CheckoutEmpty />
      </Container>
    )
  }
  return (
    <Container className={classes.page}>
      {cardNotice}
      <header className={classes.header}>
        <Title order={1} className={classes.title}>
          Checkout
        </Title>
        <Text c="ink.7" mt={6}>
          Guest checkout: no account needed. Shipping, tax and your discount are shown before you place the order.
        </Text>
      </header>
      <div className={classes.layout}>
        <div className={classes.formColumn}>
          <CheckoutForm
            isPending={isPending}
            onSubmit={placeOrder}
            onValuesChange={onValuesChange}
            beforeSubmit={
              <PaymentMethodChoice
                methods={paymentMethods}
                value={chosenPayment}
                onChange={setPaymentMethod}
                error={paymentError}
              />
            }
          />
        </div>
        <div className={classes.summaryColumn}>
          <OrderSummary
            items={items}
            itemCount={itemCount}
            total={total}
            quote={quote.isError ? undefined : quote.data}
            quoteError={quote.isError ? (apiMessageOf(quote.error) ?? 'The order could not be priced') : undefined}
            shippingMethodId={details.shippingMethodId}
            onShippingMethodChange={(id) => setDetails((current) => ({ ...current, shippingMethodId: id }))}
            discountCode={details.discountCode}
            onDiscountCodeChange={(code) => setDetails((current) => ({ ...current, discountCode: code }))}
          />
        </div>
      </div>
    </Container>
  )
}
