import type { Generated } from 'kysely'

export type AdminRole = 'owner' | 'staff'
export type ResetTokenPurpose = 'reset' | 'invite'

export interface AdminUsersTable {
  id: Generated<number>
  username: string
  email: string
  name: string
  password_hash: string
  /** 'owner' (everything) or 'staff' (catalog, orders, testimonials); the route table says which routes are whose. */
  role: Generated<AdminRole>
  /** Set while the admin is disabled: no login, no session. */
  disabled_at: Generated<string | null>
  /** The TOTP secret (base32), set when enrolment starts; two-factor sign-in is on once totp_enabled_at is set. */
  totp_secret: Generated<string | null>
  totp_enabled_at: Generated<string | null>
  /** The 30-second step of the last code accepted: a code of that step or an earlier one is refused. */
  totp_last_step: Generated<number | null>
  created_at: string
  updated_at: string
}

/** Only a hash of the session token is stored: a leaked database does not leak sessions. */
export interface SessionsTable {
  id: Generated<number>
  token_hash: string
  admin_id: number
  expires_at: string
  created_at: string
  ip: Generated<string>
  user_agent: Generated<string>
  last_seen_at: Generated<string | null>
}

export interface PasswordResetTokensTable {
  id: Generated<number>
  token_hash: string
  admin_id: number
  /** What the link is for: 'reset' (a forgotten password) or 'invite' (an invited admin's first password). */
  purpose: Generated<ResetTokenPurpose>
  expires_at: string
  used_at: string | null
  created_at: string
}

/** A password that was right, waiting for the second factor: its token opens nothing else. */
export interface LoginChallengesTable {
  id: Generated<number>
  token_hash: string
  admin_id: number
  expires_at: string
  created_at: string
}

export interface AdminRecoveryCodesTable {
  id: Generated<number>
  admin_id: number
  code_hash: string
  used_at: string | null
  created_at: string
}

export interface AuditLogTable {
  id: Generated<number>
  created_at: string
  /** Null for a failed sign-in of an unknown username; kept (without a foreign key) after the admin is deleted. */
  admin_id: number | null
  /** The admin's username when it happened (or the username tried). */
  actor: string
  ip: string
  action: string
  entity: string
  entity_id: string | null
  /** JSON: { field: [before, after] } of the changed fields, or other facts of the event. */
  changes: string
}

export interface AccountPolicyTable {
  id: number
  require_two_factor: number | boolean
  updated_at: string
}
