import { Link } from '@react-email/components'
import type { MailOrder, MailShop } from './mail-data'
import {
  ActionButton,
  Divider,
  MailLayout,
  OrderFacts,
  OrderLines,
  Paragraph,
  PaymentInstructions,
  ShippingAddress,
  Small,
  Title,
  Tracking,
} from './mail-layout'

type OrderMailProps = { shop: MailShop; order: MailOrder; orderUrl: string }

function Contact(props: { shop: MailShop }) {
  return (
    <Small>
      Questions about your order? Reply to this e-mail or write to{' '}
      <Link href={`mailto:${props.shop.email}`} style={{ color: '#7d5c1e' }}>
        {props.shop.email}
      </Link>
      , or call us at {props.shop.phone}.
    </Small>
  )
}

export function OrderPlacedMail({ shop, order, orderUrl }: OrderMailProps) {
  return (
    <MailLayout shop={shop} preview={`Thank you for your order ${order.orderNumber}`}>
      <Title>Thank you for your order!</Title>
      <Paragraph>
        Dear {order.customerName}, we have received your order and will prepare it with care. We will write again when
        it is on its way.
      </Paragraph>
      <OrderFacts order={order} />
      <OrderLines order={order} />
      <PaymentInstructions order={order} />
      <ShippingAddress order={order} />
      <ActionButton href={orderUrl}>View your order</ActionButton>
      <Divider />
      <Contact shop={shop} />
    </MailLayout>
  )
}

export function OrderReceivedMail({ shop, order, adminUrl }: { shop: MailShop; order: MailOrder; adminUrl: string }) {
  return (
    <MailLayout shop={shop} preview={`New order ${order.orderNumber} from ${order.customerName}`}>
      <Title>New order {order.orderNumber}</Title>
      <Paragraph>
        {order.customerName} (
        <Link href={`mailto:${order.customerEmail}`} style={{ color: '#7d5c1e' }}>
          {order.customerEmail}
        </Link>
        ) placed an order.
      </Paragraph>
      <OrderFacts order={order} />
      <OrderLines order={order} />
      <PaymentInstructions order={order} forOwner />
      <ShippingAddress order={order} />
      {order.notes && (
        <>
          <Small>Notes from the customer</Small>
          <Paragraph>{order.notes}</Paragraph>
        </>
      )}
      <ActionButton href={adminUrl}>Open the order</ActionButton>
    </MailLayout>
  )
}

const STATUS_WORDS = {
  pending: { title: 'Your order is received', body: 'Your order is waiting to be prepared.' },
  processing: {
    title: 'We are preparing your order',
    body: 'Your piece is being made ready in our workshop. We will let you know as soon as it ships.',
  },
  completed: {
    title: 'Your order is on its way',
    body: 'Your order has left our workshop. We hope it brings you joy for years to come.',
  },
  cancelled: {
    title: 'Your order has been cancelled',
    body: 'Your order has been cancelled. If you did not expect this, or if you have paid, please contact us.',
  },
} as const

export function statusHeadline(status: MailOrder['status']): string {
  return STATUS_WORDS[status].title
}

export function OrderStatusMail({ shop, order, orderUrl }: OrderMailProps) {
  const words = STATUS_WORDS[order.status]
  return (
    <MailLayout shop={shop} preview={`${words.title}: ${order.orderNumber}`}>
      <Title>{words.title}</Title>
      <Paragraph>Dear {order.customerName},</Paragraph>
      <Paragraph>{words.body}</Paragraph>
      <OrderFacts order={order} />
      <Tracking order={order} />
      <OrderLines order={order} />
      <ActionButton href={orderUrl}>View your order</ActionButton>
      <Divider />
      <Contact shop={shop} />
    </MailLayout>
  )
}

export function OrderLinkMail({ shop, order, orderUrl }: OrderMailProps) {
  return (
    <MailLayout shop={shop} preview={`Your order ${order.orderNumber}`}>
      <Title>Your order {order.orderNumber}</Title>
      <Paragraph>
        You asked for the link to your order. Its status is: <strong>{STATUS_LABELS[order.status]}</strong>.
      </Paragraph>
      <ActionButton href={orderUrl}>View your order</ActionButton>
      <Small>
        If you did not ask for this, you can ignore this e-mail: only the holder of this link sees the order.
      </Small>
      <Divider />
      <Contact shop={shop} />
    </MailLayout>
  )
}

const STATUS_LABELS = { pending: 'Pending', processing: 'Processing', completed: 'Completed', cancelled: 'Cancelled' }

export function PasswordResetMail(props: { shop: MailShop; adminName: string; resetLink: string }) {
  return (
    <MailLayout shop={props.shop} preview="Reset your admin password">
      <Paragraph>Hello {props.adminName},</Paragraph>
      <Paragraph>
        Someone asked to reset the password of your {props.shop.name} admin account. Open this link within 15 minutes to
        choose a new password:
      </Paragraph>
      <ActionButton href={props.resetLink}>Reset your password</ActionButton>
      <Small>If you did not ask for this, ignore this email: your password stays as it is.</Small>
    </MailLayout>
  )
}

const ROLE_WORDS = {
  owner: 'an owner: you can manage everything, from the catalog and orders to the settings and the other admins',
  staff: 'staff: you can manage the catalog, the orders and the testimonials',
} as const

export function InviteMail(props: {
  shop: MailShop
  adminName: string
  username: string
  role: 'owner' | 'staff'
  setPasswordLink: string
  expiresInDays: number
}) {
  return (
    <MailLayout shop={props.shop} preview={`You have been invited to manage ${props.shop.name}`}>
      <Paragraph>Hello {props.adminName},</Paragraph>
      <Paragraph>
        You have been invited to manage {props.shop.name} as {ROLE_WORDS[props.role]}. Your username is {props.username}
        .
      </Paragraph>
      <Paragraph>Open this link within {props.expiresInDays} days to choose your password:</Paragraph>
      <ActionButton href={props.setPasswordLink}>Set your password</ActionButton>
      <Small>
        The link works once. If it has expired, ask the person who invited you for a new one. If you did not expect this
        invitation, ignore this email.
      </Small>
    </MailLayout>
  )
}

export function TestMail(props: { shop: MailShop }) {
  return (
    <MailLayout shop={props.shop} preview="Your shop can send e-mail">
      <Title>This is a test e-mail</Title>
      <Paragraph>
        This is a test e-mail from {props.shop.name}. If you can read it, your shop can send order confirmations, order
        notifications and password reset links.
      </Paragraph>
    </MailLayout>
  )
}
