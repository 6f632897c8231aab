import type { Generated } from 'kysely'

/** Mails to send: written in the transaction of the change that causes them, delivered by the API's sender. */
export interface OutboxTable {
  id: Generated<number>
  kind: string
  order_id: number | null
  recipient: string
  /** JSON: the facts the mail needs beyond its order (never a secret). */
  payload: string
  /** The unique left part of the mail's Message-ID. */
  message_id: string
  status: Generated<string>
  attempts: Generated<number>
  next_attempt_at: string
  /** While a sender holds the row: until when, and which sender. */
  claimed_until: string | null
  claim_token: string | null
  last_error: string | null
  subject: string | null
  created_at: string
  sent_at: string | null
}
