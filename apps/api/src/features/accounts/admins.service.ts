import * as adminsRepo from '@shop/db/admins'
import * as auditRepo from '@shop/db/audit-log'
import { isUniqueViolation } from '@shop/db/errors'
import * as sessionsRepo from '@shop/db/sessions'
import * as twoFactorRepo from '@shop/db/two-factor'
import type {
  AccountPolicy,
  AdminAccount,
  CreateAdminInput,
  CreateAdminResult,
  UpdateAdminInput,
  ZAuditListInput,
} from '@shop/schema/accounts'
import { dayRange } from '@shop/schema/accounts'
import type { z } from 'zod'
import type { AppDeps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { type Actor, audit, changedFields } from '../../lib/audit'
import { hashPassword, randomToken } from '../../lib/crypto'
import { type Page, pageOf } from '../../lib/paging'
import { issueResetLink } from '../auth/auth.service'
import { queueInviteMail } from '../outbox/outbox-mails'

export const LAST_OWNER_MESSAGE = 'The shop needs at least one active owner: make another admin an owner first'
export const ADMIN_NOT_FOUND = 'Admin not found'
export const USERNAME_TAKEN = 'An admin with this username already exists'

export function listAdmins(db: AppDeps['db']): Promise<AdminAccount[]> {
  return adminsRepo.list(db)
}

async function accountOf(db: AppDeps['db'], id: number): Promise<AdminAccount> {
  const account = (await adminsRepo.list(db)).find((admin) => admin.id === id)
  if (!account) throw new AppError('NOT_FOUND', ADMIN_NOT_FOUND)
  return account
}

/**
 * Creates an admin who cannot log in until they set a password with a one-time link: mailed through the outbox
 * when a mail server is configured, otherwise given in the answer, once (the owner passes it on).
 */
export async function createAdmin(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailSender'>,
  actor: Actor,
  input: CreateAdminInput & { username: string },
): Promise<CreateAdminResult> {
  // A password nobody knows: the admin sets theirs with the link.
  const passwordHash = await hashPassword(randomToken())
  const sendsMail = deps.config.smtp !== undefined
  let id: number
  try {
    id = await deps.db.transaction().execute(async (tx) => {
      const admin = await adminsRepo.insert(tx, {
        username: input.username,
        email: input.email,
        name: input.name,
        passwordHash,
        role: input.role,
      })
      await audit(tx, actor, {
        action: 'created',
        entity: 'admin',
        entityId: admin.id,
        changes: { username: [null, admin.username], email: [null, admin.email], role: [null, input.role] },
      })
      if (sendsMail) await queueInviteMail(tx, { ...admin, role: input.role })
      return admin.id
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', USERNAME_TAKEN)
    throw error
  }
  const admin = await accountOf(deps.db, id)
  if (sendsMail) {
    deps.mailSender.kick()
    return { message: `Invitation sent to ${admin.email}`, admin }
  }
  const link = await issueResetLink(deps, id, { invite: true })
  return {
    message: 'No mail server is configured: give this one-time link to the new admin. It is shown only once.',
    admin,
    ...(link ? { setPasswordLink: link.resetLink } : {}),
  }
}

/**
 * Changes an admin's role or disables / re-enables them. Disabling ends every session of the admin in the same
 * transaction (sessions live in the database, so every API process refuses them from then on). The last active
 * owner can be neither demoted nor disabled: the active owners are locked while this is decided.
 */
export async function updateAdmin(
  db: AppDeps['db'],
  actor: Actor,
  input: UpdateAdminInput & { id: number },
): Promise<AdminAccount> {
  await db.transaction().execute(async (tx) => {
    const owners = await adminsRepo.lockActiveOwners(tx)
    const admin = await adminsRepo.findById(tx, input.id)
    if (!admin) throw new AppError('NOT_FOUND', ADMIN_NOT_FOUND)
    const losesOwner = owners.includes(admin.id) && ((input.role && input.role !== 'owner') || input.disabled === true)
    if (losesOwner && owners.length <= 1) throw new AppError('CONFLICT', LAST_OWNER_MESSAGE)
    const changes = changedFields(
      { role: admin.role, disabled: admin.disabled },
      { role: input.role, disabled: input.disabled },
    )
    if (Object.keys(changes).length === 0) return
    await adminsRepo.update(tx, admin.id, { role: input.role, disabled: input.disabled })
    if (input.disabled === true) {
      await sessionsRepo.removeAllForAdmin(tx, admin.id)
      await twoFactorRepo.removeChallengesForAdmin(tx, admin.id)
    }
    await audit(tx, actor, {
      action: input.disabled === true ? 'disabled' : input.disabled === false ? 're-enabled' : 'updated',
      entity: 'admin',
      entityId: admin.id,
      changes: { username: admin.username, ...changes },
    })
  })
  return accountOf(db, input.id)
}

export async function deleteAdmin(db: AppDeps['db'], actor: Actor, id: number): Promise<void> {
  if (id === actor.id) throw new AppError('CONFLICT', 'You cannot delete your own account')
  await db.transaction().execute(async (tx) => {
    const owners = await adminsRepo.lockActiveOwners(tx)
    const admin = await adminsRepo.findById(tx, id)
    if (!admin) throw new AppError('NOT_FOUND', ADMIN_NOT_FOUND)
    if (owners.includes(admin.id) && owners.length <= 1) throw new AppError('CONFLICT', LAST_OWNER_MESSAGE)
    // Sessions, reset links, challenges and recovery codes go with the row (ON DELETE CASCADE).
    await adminsRepo.remove(tx, id)
    await audit(tx, actor, {
      action: 'deleted',
      entity: 'admin',
      entityId: id,
      changes: { username: [admin.username, null], email: [admin.email, null], role: [admin.role, null] },
    })
  })
}

export function getAccountPolicy(db: AppDeps['db']): Promise<AccountPolicy> {
  return twoFactorRepo.getPolicy(db)
}

export async function updateAccountPolicy(
  db: AppDeps['db'],
  actor: Actor,
  policy: AccountPolicy,
): Promise<AccountPolicy> {
  await db.transaction().execute(async (tx) => {
    const before = await twoFactorRepo.getPolicy(tx)
    await twoFactorRepo.setPolicy(tx, policy)
    const changes = changedFields({ ...before }, { ...policy })
    if (Object.keys(changes).length > 0) await audit(tx, actor, { action: 'updated', entity: 'settings', changes })
  })
  return policy
}

/** A page of the audit log, newest first, filtered by admin, entity and days; its paging headers on the reply. */
export async function listAuditEntries(
  db: AppDeps['db'],
  input: z.output<typeof ZAuditListInput>,
): Promise<Page<auditRepo.AuditEntry>> {
  const page = pageOf(input)
  const { from, to } = dayRange(input.from, input.to)
  const { rows, total } = await auditRepo.listPage(
    db,
    { adminId: input.adminId, entity: input.entity, from, to },
    { limit: page.pageSize, offset: page.offset },
  )
  return { items: rows, total, page, query: { ...input } }
}
