import { toPlainText } from '@react-email/render'
import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
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

/** The doctype mail clients expect, as React Email's own `render` writes it. */
const MAIL_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'

/**
 * The shop's mails, built from React Email's components: an HTML part made for mail clients (tables, inline styles,
 * at most 600 px and fluid below) and a plain-text part from the same HTML. React escapes every text it is given, so
 * a customer's name or note can never become markup; subjects are kept to one line.
 *
 * The mails are rendered with React's synchronous `renderToStaticMarkup` rather than React Email's `render`, which
 * streams: inside the server, each streamed render stayed reachable from the async context of its stream's promises,
 * so every mail sent kept its render and its HTML for good (a heap of 512 MB filled after about 13,000 mails). None
 * of the mails suspends, so the synchronous renderer gives the same HTML, less the streaming markers, and leaves
 * nothing behind.
 */
async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const html = renderToStaticMarkup(element)
  return { subject: oneLine(subject), html: MAIL_DOCTYPE + html, text: toPlainText(html) }
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
