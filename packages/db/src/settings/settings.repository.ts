import type { ShopSettings } from '@shop/schema/settings'
import { type Selectable, sql } from 'kysely'
import type { Executor } from '../database'
import { nowIso } from '../dialect'
import type { ShopSettingsTable } from './settings.table'

export interface SettingsValues {
  name: string
  email: string
  phone: string
  address: string
  notificationEmails: string[]
  senderName: string
}

// The one row of the table.
const ROW_ID = 1

export function toSettings(row: Selectable<ShopSettingsTable>): ShopSettings {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    notificationEmails: JSON.parse(row.notification_emails) as string[],
    senderName: row.sender_name,
    updatedAt: row.updated_at,
  }
}

const toRow = (values: SettingsValues) => ({
  name: values.name,
  email: values.email,
  phone: values.phone,
  address: values.address,
  notification_emails: JSON.stringify(values.notificationEmails),
  sender_name: values.senderName,
  updated_at: nowIso(),
})

/**
 * The settings' row, as a text: get reads it, and PostgreSQL's batch of orders reads it within its own statement
 * (building it with the query builder took longer than running it). toSettings maps it.
 */
export const ROW_QUERY = sql<Selectable<ShopSettingsTable>>`select * from shop_settings where id = ${ROW_ID}`

export async function get(db: Executor): Promise<ShopSettings | undefined> {
  const [row] = (await ROW_QUERY.execute(db)).rows
  return row && toSettings(row)
}

/** Stores these values unless the settings exist (several processes may start together), and gives the stored ones. */
export async function seed(db: Executor, defaults: SettingsValues): Promise<ShopSettings> {
  await db
    .insertInto('shop_settings')
    .values({ id: ROW_ID, ...toRow(defaults) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  const stored = await get(db)
  if (!stored) throw new Error('the shop settings were not stored')
  return stored
}

export async function update(db: Executor, values: SettingsValues): Promise<ShopSettings> {
  const row = await db
    .insertInto('shop_settings')
    .values({ id: ROW_ID, ...toRow(values) })
    .onConflict((oc) => oc.column('id').doUpdateSet(toRow(values)))
    .returningAll()
    .executeTakeFirstOrThrow()
  return toSettings(row)
}
