/** Driver errors, read the same way on SQLite and PostgreSQL. */
function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  const code = (error as { code: unknown }).code
  return typeof code === 'string' ? code : undefined
}

export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error)
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505'
}

export function isForeignKeyViolation(error: unknown): boolean {
  const code = errorCode(error)
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503'
}

/**
 * A transaction the database gave up on because of other transactions (a PostgreSQL deadlock or serialization
 * failure, SQLite still busy after its timeout): running it again is the right answer.
 */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = errorCode(error)
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY'
}
