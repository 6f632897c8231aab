export const ADMIN_TOKEN_KEY = 'adminToken'

function readToken(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_KEY)
  } catch {
    // Storage unavailable (e.g. blocked by the browser): the httpOnly cookie still carries the session.
    return null
  }
}

/** The Bearer Authorization header of the stored admin token, sent on every request when there is one. */
export function sessionHeaders(): Record<string, string> {
  const token = readToken()
  return token ? { authorization: `Bearer ${token}` } : {}
}
