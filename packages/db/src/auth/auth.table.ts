import type { Generated } from 'kysely'

export interface AdminUsersTable {
  id: Generated<number>
  username: string
  email: string
  name: string
  password_hash: string
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
}

export interface PasswordResetTokensTable {
  id: Generated<number>
  token_hash: string
  admin_id: number
  expires_at: string
  used_at: string | null
  created_at: string
}
