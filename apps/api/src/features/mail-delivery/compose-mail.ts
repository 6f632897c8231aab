import type { Db } from '@shop/db/client'
import * as moneyRepo from '@shop/db/money'
import * as ordersRepo from '@shop/db/orders'
import type { OutboxMail } from '@shop/db/outbox'
import { buyerLineOf, guestOrderPath, type Order, ZOrderStatus } from '@shop/schema/orders'
import type { Config } from '../../env'
import { INVITE_TOKEN_TTL_MS, issueResetLink } from '../auth/auth.service'
import {
  type MailOrder,
  type MailShop,
  type RenderedMail,
  renderInviteMail,
  renderOrderLinkMail,
  renderOrderPlacedMail,
  renderOrderReceivedMail,
  renderOrderStatusMail,
  renderPasswordResetMail,
} from '../mail/render-mail'
import { mintOrderKey } from '../outbox/outbox-mails'
import { getShopSettings } from '../settings/settings.service'

export interface ComposedMail extends RenderedMail {
  fromName: string
  /** Written to the log instead of a link-carrying mail when no mail server is configured. */
  link?: string
}

/** The mail's subject is known, but it cannot be sent: its order or admin is gone. */
export class MailObsoleteError extends Error {}

export function toMailOrder(order: Order, currency?: string): MailOrder {
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    shippingAddress: order.customerAddress,
    notes: order.notes,
    items: order.items.map(buyerLineOf),
    total: order.total,
    charges: order.charges,
    ...(currency ? { currency } : {}),
    status: order.status,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    payment: {
      methodName: order.payment.methodName,
      instructions: order.payment.instructions,
      method: order.payment.method,
      status: order.payment.status,
    },
  }
}

/**
 * Renders an outbox row into the mail to send, from the database as it is now (the order's lines, tracking and the
 * shop's settings) and the facts the row kept (the status a status mail announces). Links to the order's page
 * and to a password reset are minted here, so no outbox row ever holds a secret.
 */
export async function composeMail(deps: { db: Db; config: Config }, mail: OutboxMail): Promise<ComposedMail> {
  const { db, config } = deps
  const settings = await getShopSettings(db, config)
  const shop: MailShop = {
    name: settings.name,
    email: settings.email,
    phone: settings.phone,
    address: settings.address,
  }
  const from = { fromName: settings.senderName }

  if (mail.kind === 'password_reset') {
    const adminId = Number(mail.payload.adminId)
    const adminName = String(mail.payload.adminName ?? '')
    const invite = mail.payload.invite === true
    const link = await issueResetLink(deps, adminId, { invite })
    if (!link) throw new MailObsoleteError('The admin account no longer exists')
    const rendered = invite
      ? await renderInviteMail({
          shop,
          adminName,
          username: String(mail.payload.username ?? ''),
          role: mail.payload.role === 'owner' ? 'owner' : 'staff',
          setPasswordLink: link.resetLink,
          expiresInDays: Math.round(INVITE_TOKEN_TTL_MS / (24 * 60 * 60_000)),
        })
      : await renderPasswordResetMail({ shop, adminName, resetLink: link.resetLink })
    return { ...rendered, ...from, link: link.resetLink }
  }

  const found = mail.orderId === null ? undefined : await ordersRepo.findByIdWithItems(db, mail.orderId)
  if (!found) throw new MailObsoleteError('The order no longer exists')
  const order = found
  const { currency } = await moneyRepo.getSettings(db)
  const orderLink = async () =>
    `${config.publicUrl}${guestOrderPath(order.orderNumber, await mintOrderKey(db, order.id))}`
  switch (mail.kind) {
    case 'order_placed': {
      const orderUrl = await orderLink()
      return {
        ...(await renderOrderPlacedMail({ shop, order: toMailOrder(order, currency), orderUrl })),
        ...from,
        link: orderUrl,
      }
    }
    case 'order_received': {
      const adminUrl = `${config.publicUrl}/admin/orders/${order.id}`
      return { ...(await renderOrderReceivedMail({ shop, order: toMailOrder(order, currency), adminUrl })), ...from }
    }
    case 'order_status': {
      // The status the change announced, even if another change followed before the mail went out.
      const status = ZOrderStatus.catch(order.status).parse(mail.payload.status)
      const orderUrl = await orderLink()
      const rendered = await renderOrderStatusMail({
        shop,
        order: { ...toMailOrder(order, currency), status },
        orderUrl,
      })
      return { ...rendered, ...from, link: orderUrl }
    }
    case 'order_link': {
      const orderUrl = await orderLink()
      return {
        ...(await renderOrderLinkMail({ shop, order: toMailOrder(order, currency), orderUrl })),
        ...from,
        link: orderUrl,
      }
    }
  }
}
