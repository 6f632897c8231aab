import type { Db, Executor } from '@shop/db/client'
import * as settingsRepo from '@shop/db/settings'
import type { ShopSettings, ShopSettingsValues, TestMailResult } from '@shop/schema/settings'
import type { AppDeps } from '../../deps'
import type { Config } from '../../env'
import { describeMailError } from '../../lib/mailer'
import { countRequest, TEST_MAIL_LIMIT } from '../../lib/rate-limit'
import { renderTestMail } from '../mail/render-mail'

/** The settings a new shop starts with: today's SHOP_* environment. */
export function settingsDefaults(config: Pick<Config, 'shop'>): settingsRepo.SettingsValues {
  return { ...config.shop, notificationEmails: [], senderName: config.shop.name }
}

/**
 * The shop's settings. Bootstrap stores them on first start; a database that somehow has none (a copy made by an
 * older version) gets them from the environment at the first read, like a first start.
 */
export async function getShopSettings(db: Executor, config: Pick<Config, 'shop'>): Promise<ShopSettings> {
  return (await settingsRepo.get(db)) ?? settingsRepo.seed(db, settingsDefaults(config))
}

export async function updateShopSettings(db: Db, values: ShopSettingsValues): Promise<ShopSettings> {
  // The same address twice would get each new order's mail twice.
  const seen = new Set<string>()
  const notificationEmails = values.notificationEmails.filter((email) => {
    const key = email.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  return settingsRepo.update(db, { ...values, notificationEmails })
}

/**
 * "Send test e-mail": sent at once, not through the outbox, because the point is to hear what the mail server
 * says. Its refusal is an answer (delivered: false, in plain words), not an error of the request.
 */
export async function sendTestMail(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'rateLimits'>,
  to: string | undefined,
  client: string,
): Promise<TestMailResult> {
  await countRequest(deps.rateLimits, TEST_MAIL_LIMIT, client)
  const settings = await getShopSettings(deps.db, deps.config)
  const recipient = to ?? settings.email
  if (!deps.mailer.isConfigured) {
    return {
      delivered: false,
      message:
        'No mail server is configured, so no mail was sent. Set SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD ' +
        'and SMTP_FROM in the .env file and restart the shop.',
    }
  }
  const mail = await renderTestMail({ shop: settings })
  try {
    await deps.mailer.send({ to: recipient, ...mail, fromName: settings.senderName })
    return { delivered: true, message: `The test e-mail was sent to ${recipient}.` }
  } catch (error) {
    return { delivered: false, message: describeMailError(error, deps.config) }
  }
}
