/** Fixed-window counters, shared by every API process that uses this database. */
export interface RateLimitsTable {
  key: string
  count: number
  reset_at: string
}
