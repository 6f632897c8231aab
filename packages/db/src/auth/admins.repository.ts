import type { Admin } from '@shop/schema/auth'
import type { Executor } from '../database'
import { nowIso, toNumber } from '../dialect'

/** An admin with the password hash: never leaves the API. */
export interface AdminWithHash extends Admin {
  passwordHash: string
}

const columns = ['id', 'username', 'email', 'name', 'password_hash'] as const

function toAdmin(row: { id: number; username: string; email: string; name: string; password_hash: string }) {
  return { id: row.id, username: row.username, email: row.email, name: row.name, passwordHash: row.password_hash }
}

export async function findByUsername(db: Executor, username: string): Promise<AdminWithHash | undefined> {
  const row = await db.selectFrom('admin_users').select(columns).where('username', '=', username).executeTakeFirst()
  return row && toAdmin(row)
}

/** E-mail addresses are compared case-insensitively. */
export async function findManyByEmail(db: Executor, email: string): Promise<AdminWithHash[]> {
  const rows = await db
    .selectFrom('admin_users')
    .select(columns)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute()
  return rows.map(toAdmin)
}

export async function exists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('admin_users').select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

export async function count(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('admin_users')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow()
  return toNumber(row.count)
}

export async function insert(
  db: Executor,
  values: { username: string; email: string; name: string; passwordHash: string },
): Promise<Admin> {
  const now = nowIso()
  const row = await db
    .insertInto('admin_users')
    .values({
      username: values.username,
      email: values.email,
      name: values.name,
      password_hash: values.passwordHash,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'username', 'email', 'name'])
    .executeTakeFirstOrThrow()
  return row
}

export async function updatePassword(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where('id', '=', id)
    .execute()
}
