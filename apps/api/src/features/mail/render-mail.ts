import { render } from '@react-email/render'
import { createElement, type ReactElement } from 'react'
import { formatDollars, type MailOrder, type MailShop, oneLine, type RenderedMail } from './mail-data'
import {
  InviteMail,
  OrderLinkMail,
  OrderPlacedMail,
  OrderReceivedMail,
  OrderStatusMail,
  PasswordResetMail,
  statusHeadline,
  TestMail,
} from './mails'

export type { MailOrder, MailOrderLine, MailShop, RenderedMail } from './mail-data'

/**
 * The shop's mails, rendered with React Email: an HTML part made for mail clients (tables, inline styles, at most
 * 600 px and fluid below) and a plain-text part from the same content. React escapes every text it is given, so a
 * customer's name or note can never become markup; subjects are kept to one line.
 */
async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { subject: oneLine(subject), html, text }
}

export function renderOrderPlacedMail(v: { shop: MailShop; order: MailOrder; orderUrl: string }) {
  return renderMail(`Your order ${v.order.orderNumber} at ${v.shop.name}`, createElement(OrderPlacedMail, v))
}

export function renderOrderReceivedMail(v: { shop: MailShop; order: MailOrder; adminUrl: string }) {
  return renderMail(
    `New order ${v.order.orderNumber} — ${formatDollars(v.order.total)}`,
    createElement(OrderReceivedMail, v),
  )
}

const STATUS_SUBJECTS = {
  pending: 'is received',
  processing: 'is being prepared',
  completed: 'has shipped',
  cancelled: 'has been cancelled',
} as const

export function renderOrderStatusMail(v: { shop: MailShop; order: MailOrder; orderUrl: string }) {
  return renderMail(
    `Your order ${v.order.orderNumber} ${STATUS_SUBJECTS[v.order.status]}`,
    createElement(OrderStatusMail, v),
  )
}

export function renderOrderLinkMail(v: { shop: MailShop; order: MailOrder; orderUrl: string }) {
  return renderMail(`Your order ${v.order.orderNumber} at ${v.shop.name}`, createElement(OrderLinkMail, v))
}

export function renderPasswordResetMail(v: { shop: MailShop; adminName: string; resetLink: string }) {
  return renderMail(`Reset your ${v.shop.name} admin password`, createElement(PasswordResetMail, v))
}

export function renderInviteMail(v: {
  shop: MailShop
  adminName: string
  username: string
  role: 'owner' | 'staff'
  setPasswordLink: string
  expiresInDays: number
}) {
  return renderMail(`You have been invited to manage ${v.shop.name}`, createElement(InviteMail, v))
}

export function renderTestMail(v: { shop: MailShop }) {
  return renderMail(`Test e-mail from ${v.shop.name}`, createElement(TestMail, v))
}

export { statusHeadline }
