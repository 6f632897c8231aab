import type { Admin } from '@shop/schema/auth'
import type { Executor } from '../database'
import { isPostgres, nowIso, toNumber } from '../dialect'
import type { AdminRole } from './auth.table'

export type { AdminRole } from './auth.table'

/** An admin with the password hash and second factor: never leaves the API. */
export interface AdminWithHash extends Admin {
  passwordHash: string
  role: AdminRole
  disabled: boolean
  totpSecret: string | null
  totpEnabled: boolean
  totpLastStep: number | null
}

/** An admin as the Admins screen lists them. */
export interface AdminAccount extends Admin {
  role: AdminRole
  disabled: boolean
  twoFactor: boolean
  createdAt: string
}

const columns = [
  'id',
  'username',
  'email',
  'name',
  'password_hash',
  'role',
  'disabled_at',
  'totp_secret',
  'totp_enabled_at',
  'totp_last_step',
] as const

interface AdminRow {
  id: number
  username: string
  email: string
  name: string
  password_hash: string
  role: AdminRole
  disabled_at: string | null
  totp_secret: string | null
  totp_enabled_at: string | null
  totp_last_step: number | null
}

function toAdmin(row: AdminRow): AdminWithHash {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    role: row.role,
    disabled: row.disabled_at !== null,
    totpSecret: row.totp_secret,
    totpEnabled: row.totp_enabled_at !== null,
    totpLastStep: row.totp_last_step === null ? null : toNumber(row.totp_last_step),
  }
}

export async function findByUsername(db: Executor, username: string): Promise<AdminWithHash | undefined> {
  const row = await db.selectFrom('admin_users').select(columns).where('username', '=', username).executeTakeFirst()
  return row && toAdmin(row)
}

export async function findById(db: Executor, id: number): Promise<AdminWithHash | undefined> {
  const row = await db.selectFrom('admin_users').select(columns).where('id', '=', id).executeTakeFirst()
  return row && toAdmin(row)
}

/** E-mail addresses are compared case-insensitively. Disabled admins get no reset link. */
export async function findManyByEmail(db: Executor, email: string): Promise<AdminWithHash[]> {
  const rows = await db
    .selectFrom('admin_users')
    .select(columns)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('disabled_at', 'is', null)
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

/**
 * The ids of the owners who are not disabled, locked until the transaction ends on PostgreSQL (SQLite's one writer
 * is lock enough): two owners disabling or demoting each other at once cannot leave the shop without one.
 */
export async function lockActiveOwners(db: Executor): Promise<number[]> {
  const query = db.selectFrom('admin_users').select('id').where('role', '=', 'owner').where('disabled_at', 'is', null)
  const rows = await (isPostgres(db) ? query.forUpdate() : query).execute()
  return rows.map((row) => row.id)
}

export async function list(db: Executor): Promise<AdminAccount[]> {
  const rows = await db
    .selectFrom('admin_users')
    .select(['id', 'username', 'email', 'name', 'role', 'disabled_at', 'totp_enabled_at', 'created_at'])
    .orderBy('username')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabled_at !== null,
    twoFactor: row.totp_enabled_at !== null,
    createdAt: row.created_at,
  }))
}

export async function insert(
  db: Executor,
  values: { username: string; email: string; name: string; passwordHash: string; role?: AdminRole },
): Promise<Admin> {
  const now = nowIso()
  const row = await db
    .insertInto('admin_users')
    .values({
      username: values.username,
      email: values.email,
      name: values.name,
      password_hash: values.passwordHash,
      role: values.role ?? 'owner',
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

export async function update(
  db: Executor,
  id: number,
  values: { role?: AdminRole; disabled?: boolean },
): Promise<void> {
  const now = nowIso()
  await db
    .updateTable('admin_users')
    .set({
      ...(values.role ? { role: values.role } : {}),
      ...(values.disabled === undefined ? {} : { disabled_at: values.disabled ? now : null }),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute()
}

export async function remove(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('admin_users').where('id', '=', id).execute()
}

/** Starts (or restarts) enrolment: a new secret, not yet in use. */
export async function setPendingTotpSecret(db: Executor, id: number, secret: string): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ totp_secret: secret, totp_enabled_at: null, totp_last_step: null, updated_at: nowIso() })
    .where('id', '=', id)
    .execute()
}

export async function enableTotp(db: Executor, id: number, step: number): Promise<void> {
  const now = nowIso()
  await db
    .updateTable('admin_users')
    .set({ totp_enabled_at: now, totp_last_step: step, updated_at: now })
    .where('id', '=', id)
    .execute()
}

export async function disableTotp(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: nowIso() })
    .where('id', '=', id)
    .execute()
}

/**
 * Records the step of an accepted code, only if it is later than the last one accepted, in one UPDATE: two
 * requests racing with the same code cannot both pass. False when the code (or a later one) was used already.
 */
export async function claimTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('admin_users')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
