import * as auditRepo from '@shop/db/audit-log'
import type { Executor } from '@shop/db/client'
import type { SessionAdmin } from '@shop/db/sessions'
import type { AuditEntity } from '@shop/schema/accounts'

/** Who did it, from where: the admin (or, for a sign-in attempt, the unknown user) and the request's address. */
export interface Actor {
  /** Null when no admin account acts: a sign-in attempt with a username that no admin has. */
  id: number | null
  username: string
  ip: string
}

/** The actor of a request: its admin (signed in, or the owner of the link or login used) and its address. */
export function actorOf(admin: Pick<SessionAdmin, 'id' | 'username'>, ip: string): Actor {
  return { id: admin.id, username: admin.username, ip }
}

/**
 * The actor of a sign-in attempt with a username no admin has. The typed name is the caller's own text, so it is
 * never the actor: the entry names no admin (id null) and this fixed name, which the admins screen cannot give
 * anyone (a username there has no spaces); the name typed goes into the entry's facts, through loggedText.
 */
export const UNKNOWN_USER = 'unknown user'
export function unknownUserActor(ip: string): Actor {
  return { id: null, username: UNKNOWN_USER, ip }
}

// Characters that would let logged text pass for something it is not: control characters (C0, DEL, C1; a line
// break starts what looks like another entry), format characters (bidi embeddings, overrides, isolates and
// marks reorder what is shown; zero-width characters and the BOM hide), line and paragraph separators, spaces
// other than U+0020, other invisible (default-ignorable) code points, private-use, unpaired surrogate and
// unassigned code points, and the backslash, so that text typed to look like an escape shows as typed.
const UNSAFE_IN_LOG = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\\]|[^\S ]/u
// A combining mark belongs to the letter before it; a stack of them paints over the rows around it.
const MARK = /\p{M}/u
const MARK_BASE = /[\p{L}\p{N}]/u

/**
 * Text from outside (a username typed at the login) as the audit log keeps it: each character above, and each
 * combining mark that does not follow a letter or digit directly, written as \u{hex} so it is seen rather than
 * obeyed; at most `maxLength` UTF-16 code units (an escape is never split), with "…" when cut.
 */
export function loggedText(text: string, maxLength: number): string {
  let result = ''
  let previous = ''
  for (const character of text) {
    const isUnsafe = UNSAFE_IN_LOG.test(character) || (MARK.test(character) && !MARK_BASE.test(previous))
    const shown = isUnsafe ? `\\u{${(character.codePointAt(0) ?? 0).toString(16)}}` : character
    if (result.length + shown.length > maxLength) return `${result}…`
    result += shown
    previous = character
  }
  return result
}

/**
 * The changed fields of an update, { field: [before, after] }: only fields whose value differs (compared as JSON),
 * and only those the update names. Secrets never pass through here (password hashes are not in these shapes).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {}
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue
    if (JSON.stringify(before[field]) !== JSON.stringify(value)) changes[field] = [before[field] ?? null, value]
  }
  return changes
}

/** One audit entry, written with the executor of the change (its transaction where there is one). */
export function audit(
  db: Executor,
  actor: Actor,
  entry: { action: string; entity: AuditEntity; entityId?: number | string | null; changes?: Record<string, unknown> },
): Promise<void> {
  return auditRepo.insert(db, {
    adminId: actor.id,
    actor: actor.username,
    ip: actor.ip,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    changes: entry.changes ?? {},
  })
}

/** What an audited write is, read before it: the entity, the action, and the record as it was. */
export interface AuditPlan {
  entity: AuditEntity
  action: string
  before: Record<string, unknown> | undefined
}

/**
 * Records the back-office writes made through tRPC procedures: trpc/init.ts calls it around each write, and gets it
 * through the procedures' context, so the layer every router builds on knows no feature (the recorder, which reads
 * each entity's record before the write, is features/accounts/audit-writes.ts).
 */
export interface ProcedureAudit<Ctx> {
  isAudited(path: string): boolean
  /** False for an audited action that changes nothing in the database: its entry is written after it. */
  isDatabaseWrite(path: string): boolean
  plan(ctx: Ctx, path: string, input: unknown): Promise<AuditPlan | undefined>
  record(ctx: Ctx, plan: AuditPlan, input: unknown, output: unknown): Promise<void>
}
