import { z } from 'zod'
import { visibleText, ZEmail } from './common'

/** At most this many addresses receive the owner's new-order mail. */
export const MAX_NOTIFICATION_EMAILS = 10

// A name that goes into a mail header (the sender's name, the shop's name in a subject) holds no line break: with
// one, a header could be injected. visibleText already refuses bidirectional controls.
const NO_LINE_BREAKS = /^[^\r\n]*$/

const settingText = (label: string, max: number, options: { oneLine?: boolean } = {}) => {
  const text = z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .check(visibleText(label, { min: 1, tooShort: `${label} is required` }))
  return options.oneLine ? text.regex(NO_LINE_BREAKS, `${label} must be on one line`) : text
}

/**
 * The shop's settings, kept in the database and seeded from the SHOP_* environment on first start. The footer,
 * the invoice and every mail read them; the storefront sees the public part as ZShopInfo.
 */
export const ZShopSettingsInput = z.object({
  name: settingText('Shop name', 100, { oneLine: true }),
  email: z.string({ error: 'Please enter a valid email address' }).trim().pipe(ZEmail),
  phone: settingText('Phone', 50, { oneLine: true }),
  address: settingText('Address', 300),
  /** Who receives the mail about each new order; empty means the shop's e-mail. */
  notificationEmails: z
    .array(z.string({ error: 'Please enter a valid email address' }).trim().pipe(ZEmail), {
      error: 'Notification addresses must be a list of e-mail addresses',
    })
    .max(MAX_NOTIFICATION_EMAILS, `At most ${MAX_NOTIFICATION_EMAILS} notification addresses`),
  /** The name mails are sent under (the address is SMTP_FROM's, or the shop's e-mail). */
  senderName: settingText('Sender name', 100, { oneLine: true }),
})
export type ShopSettingsInput = z.input<typeof ZShopSettingsInput>
export type ShopSettingsValues = z.output<typeof ZShopSettingsInput>

export const ZShopSettings = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  notificationEmails: z.array(z.string()),
  senderName: z.string(),
  updatedAt: z.iso.datetime(),
})
export type ShopSettings = z.infer<typeof ZShopSettings>

/** What the settings screen shows: the settings, and whether this server can send mail at all. */
export const ZAdminSettings = ZShopSettings.extend({ mailConfigured: z.boolean() })
export type AdminSettings = z.infer<typeof ZAdminSettings>

/** "Send test e-mail": to the given address, or the shop's e-mail. */
export const ZTestMailInput = z.object({
  to: z.string().trim().pipe(ZEmail).optional(),
})
export type TestMailInput = z.infer<typeof ZTestMailInput>

/** The test mail's outcome in plain words: sent, or why the mail server refused it. */
export const ZTestMailResult = z.object({ delivered: z.boolean(), message: z.string() })
export type TestMailResult = z.infer<typeof ZTestMailResult>
