import type { ApiError } from '@shop/schema/common'

/** The `code` of an error answer, by status. */
const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  406: 'NOT_ACCEPTABLE',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
}

/** The 415 of a body that is not JSON where the API takes JSON. */
export const NOT_JSON_MESSAGE = 'Unsupported content type: send JSON'

/** The body of every error answer of the API: { message, code, issues? }. */
export function errorBody(status: number, message: string, issues?: ApiError['issues']): ApiError {
  return { message, code: STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST'), issues }
}

/**
 * The 400 of an input its schema refused: the first problem is the message ("customerEmail: Please enter a valid
 * email"), every problem stays in issues for forms that show each field.
 */
export function invalidInputBody(
  issues: ReadonlyArray<{ path?: readonly PropertyKey[]; message?: string }>,
  status = 400,
): ApiError {
  const listed = issues.map((issue) => ({
    path: Array.isArray(issue.path) ? issue.path.map((part) => (typeof part === 'number' ? part : String(part))) : [],
    message: String(issue.message ?? 'Invalid value'),
  }))
  const first = listed[0]
  const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : ''
  return errorBody(status, `${where}${first?.message ?? 'Invalid input'}`, listed)
}
