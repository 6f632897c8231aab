import { apiErrorOf } from './api-error'
import { sessionHeaders } from './session'
import { apiTransport } from './transport'

/**
 * A call outside the route table's JSON (the multipart upload, the binary invoice) with the same session and the
 * same errors as the REST link: cookie and Bearer token sent, a non-2xx answer rejected with `apiErrorOf`.
 * A network failure rejects with fetch's own TypeError.
 */
export async function apiFetch(
  url: string,
  init: Pick<RequestInit, 'method' | 'body' | 'signal'> = {},
): Promise<Response> {
  const response = await apiTransport(url, { ...init, headers: sessionHeaders(), credentials: 'include' })
  if (!response.ok) throw apiErrorOf(response, await response.text())
  return response
}
