import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components'
import { chargeRows } from '@shop/schema/charges'
import { madeToOrderNote } from '@shop/schema/display'
import { PAYMENT_STATUS_LABELS } from '@shop/schema/payments'
import type { ReactNode } from 'react'
import { formatDate, formatDollars, isWebLink, type MailOrder, type MailOrderLine, type MailShop } from './mail-data'

// The storefront's palette (apps/web/src/theme.ts): antique gold on white, ink text.
const GOLD = '#7d5c1e'
const INK = '#1e2029'
const MUTED = '#626779'
const PANEL = '#fbf6ec'
const LINE = '#e7d1a1'
const SERIF = 'Georgia, "Times New Roman", serif'
const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'

const text = { color: INK, fontSize: '15px', lineHeight: '24px', margin: '0 0 12px' }
const muted = { ...text, color: MUTED, fontSize: '13px', lineHeight: '20px' }
const label = { ...muted, margin: '0', textTransform: 'uppercase' as const, letterSpacing: '0.08em', fontSize: '11px' }

/** Every mail of the shop: its name on top, one column of at most 600 px (fluid on a phone), its contact below. */
export function MailLayout(props: { shop: MailShop; preview: string; children: ReactNode }) {
  const { shop } = props
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: '#f4f4f6', fontFamily: SANS, margin: 0, padding: '24px 8px' }}>
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '600px', width: '100%', borderRadius: '8px' }}>
          <Section style={{ borderBottom: `3px solid ${GOLD}`, padding: '24px 24px 16px', textAlign: 'center' }}>
            <Text style={{ fontFamily: SERIF, fontSize: '26px', lineHeight: '32px', color: GOLD, margin: 0 }}>
              {shop.name}
            </Text>
          </Section>
          <Section style={{ padding: '24px' }}>{props.children}</Section>
          <Section style={{ backgroundColor: PANEL, padding: '20px 24px', borderRadius: '0 0 8px 8px' }}>
            <Text style={{ ...muted, margin: '0 0 4px', color: INK, fontWeight: 600 }}>{shop.name}</Text>
            <Text style={{ ...muted, margin: '0 0 4px', whiteSpace: 'pre-line' }}>{shop.address}</Text>
            <Text style={{ ...muted, margin: 0 }}>
              <Link href={`mailto:${shop.email}`} style={{ color: GOLD }}>
                {shop.email}
              </Link>
              {' · '}
              {shop.phone}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}

export function Title(props: { children: ReactNode }) {
  return (
    <Heading
      as="h1"
      style={{ fontFamily: SERIF, color: INK, fontSize: '24px', lineHeight: '30px', margin: '0 0 12px' }}
    >
      {props.children}
    </Heading>
  )
}

export function Paragraph(props: { children: ReactNode }) {
  return <Text style={text}>{props.children}</Text>
}

export function ActionButton(props: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      <Button
        href={props.href}
        style={{
          backgroundColor: GOLD,
          color: '#ffffff',
          borderRadius: '6px',
          padding: '12px 22px',
          fontSize: '15px',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {props.children}
      </Button>
      <Text style={{ ...muted, margin: '10px 0 0', wordBreak: 'break-all' }}>
        Or open this link:{' '}
        <Link href={props.href} style={{ color: GOLD }}>
          {props.href}
        </Link>
      </Text>
    </Section>
  )
}

/** Order number and date side by side. */
export function OrderFacts(props: { order: MailOrder }) {
  return (
    <Section style={{ backgroundColor: PANEL, borderRadius: '6px', padding: '12px 16px', margin: '0 0 20px' }}>
      <Row>
        <Column>
          <Text style={label}>Order number</Text>
          <Text style={{ ...text, margin: 0, fontWeight: 600 }}>{props.order.orderNumber}</Text>
        </Column>
        <Column align="right">
          <Text style={{ ...label, textAlign: 'right' }}>Date</Text>
          <Text style={{ ...text, margin: 0, textAlign: 'right' }}>{formatDate(props.order.createdAt)}</Text>
        </Column>
      </Row>
    </Section>
  )
}

/** What the buyer chose for a line: the variant, each personalisation exactly as typed, made to order. */
function LineDetails(props: { item: MailOrderLine }) {
  const { item } = props
  return (
    <>
      {item.variantLabel ? <Text style={{ ...muted, margin: 0 }}>{item.variantLabel}</Text> : null}
      {item.personalization.map((entry) => (
        // What the buyer typed keeps its own direction (a Hebrew engraving after an English label), as on the
        // shop's pages (components/order-line-details.tsx of the web app).
        <Text key={entry.label} style={{ ...muted, margin: 0 }}>
          {`${entry.label}: `}
          <span dir="auto">{entry.value}</span>
        </Text>
      ))}
      {item.leadTime ? (
        <Text style={{ ...muted, margin: 0, color: GOLD }}>{madeToOrderNote(item.leadTime)}</Text>
      ) : null}
    </>
  )
}

/**
 * The order's lines. Each line is two rows (name and SKU; quantity, price and line total), so nothing needs more
 * than a phone's width.
 */
export function OrderLines(props: { order: MailOrder }) {
  const { order } = props
  // The buyer's words of the shop's one rule (@shop/schema/charges), as the checkout and the order page show them;
  // the owner's new-order mail repeats what the buyer was sent.
  const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0)
  const rows = chargeRows(
    { ...order.charges, total: order.total },
    { audience: 'buyer', currency: order.currency, itemCount },
  )
  return (
    <Section style={{ margin: '0 0 20px' }}>
      {order.items.map((item) => (
        <Section key={`${item.sku}-${item.name}`} style={{ borderBottom: `1px solid ${LINE}`, padding: '10px 0' }}>
          <Text style={{ ...text, margin: 0, fontWeight: 600 }}>{item.name}</Text>
          <LineDetails item={item} />
          <Row>
            <Column>
              <Text style={{ ...muted, margin: 0 }}>
                SKU {item.sku} · {item.quantity} × {formatDollars(item.price, order.currency)}
              </Text>
            </Column>
            <Column align="right">
              <Text style={{ ...text, margin: 0, textAlign: 'right' }}>
                {formatDollars(item.lineTotal, order.currency)}
              </Text>
            </Column>
          </Row>
        </Section>
      ))}
      {rows.map((row, index) =>
        row.kind === 'total' ? (
          <Row key={row.kind} style={{ paddingTop: '8px' }}>
            <Column>
              <Text style={{ ...text, margin: 0, fontWeight: 600 }}>{row.label}</Text>
            </Column>
            <Column align="right">
              <Text style={{ ...text, margin: 0, fontWeight: 600, textAlign: 'right', color: GOLD }}>{row.amount}</Text>
            </Column>
          </Row>
        ) : (
          <Row key={row.kind} style={{ paddingTop: index === 0 ? '12px' : '4px' }}>
            <Column>
              <Text style={{ ...muted, margin: 0 }}>{row.label}</Text>
            </Column>
            <Column align="right">
              <Text style={{ ...text, margin: 0, textAlign: 'right' }}>{row.amount}</Text>
            </Column>
          </Row>
        ),
      )}
    </Section>
  )
}

export function ShippingAddress(props: { order: MailOrder }) {
  if (!props.order.shippingAddress) return null
  return (
    <Section style={{ margin: '0 0 16px' }}>
      <Text style={label}>Shipping to</Text>
      <Text style={{ ...text, whiteSpace: 'pre-line' }}>
        {props.order.customerName}
        {'\n'}
        {props.order.shippingAddress}
      </Text>
    </Section>
  )
}

/** The parcel's tracking number, linked to the carrier's page when that is a web address. */
export function Tracking(props: { order: MailOrder }) {
  const { trackingNumber, trackingUrl } = props.order
  if (!trackingNumber && !trackingUrl) return null
  return (
    <Section style={{ backgroundColor: PANEL, borderRadius: '6px', padding: '12px 16px', margin: '0 0 20px' }}>
      <Text style={label}>Tracking number</Text>
      <Text style={{ ...text, margin: '0 0 4px', fontWeight: 600 }}>{trackingNumber ?? '—'}</Text>
      {trackingUrl &&
        (isWebLink(trackingUrl) ? (
          <Link href={trackingUrl} style={{ color: GOLD, fontSize: '15px', fontWeight: 600 }}>
            Track your parcel
          </Link>
        ) : (
          <Text style={{ ...muted, margin: 0 }}>{trackingUrl}</Text>
        ))}
    </Section>
  )
}

/**
 * How the order is paid. A card order's mails go once Stripe has confirmed the payment: "Paid by card", and no
 * instructions. Otherwise the method and the shop's instructions for it; the owner's copy (`forOwner`) also says
 * whether the money has arrived ("Unpaid – Bank transfer").
 */
export function PaymentInstructions(props: { order: MailOrder; forOwner?: boolean }) {
  const payment = props.order.payment
  if (!payment?.methodName) return null
  const status = payment.status ? PAYMENT_STATUS_LABELS[payment.status] : undefined
  const isCard = payment.method === 'card'
  const heading = isCard
    ? payment.status === 'paid'
      ? 'Paid by card'
      : `${status ?? 'Card'} – card`
    : props.forOwner && status
      ? `${status} – ${payment.methodName}`
      : payment.methodName
  return (
    <Section style={{ backgroundColor: PANEL, borderRadius: '6px', padding: '12px 16px', margin: '0 0 20px' }}>
      <Text style={label}>Payment: {heading}</Text>
      {payment.instructions && !isCard && (
        <Text style={{ ...text, margin: 0, whiteSpace: 'pre-line' }}>{payment.instructions}</Text>
      )}
    </Section>
  )
}

export function Divider() {
  return <Hr style={{ borderColor: LINE, margin: '20px 0' }} />
}

export function Small(props: { children: ReactNode }) {
  return <Text style={muted}>{props.children}</Text>
}
