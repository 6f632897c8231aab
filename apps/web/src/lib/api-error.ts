import { TRPCClientError } from '@trpc/client'
import type { AnyTRPCRouter } from '@trpc/server'

/** The data of a failed call: its HTTP status and, when the API sent them, its error code and message. */
export interface ApiErrorData {
  httpStatus: number
  statusText: string
  code: string | undefined
  apiMessage: string | undefined
  /** A 400's problems per field, when the API named them. */
  issues: Array<{ path: Array<string | number>; message: string }> | undefined
}

/** The body of an answer: its JSON when it is JSON, else its text (undefined when empty). */
export function parseBody(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * The error of a non-2xx answer, for every call the web app makes (the REST link, the upload, the invoice). Its
 * message is `${status}: ${body or status text}`; its `data` keeps the API's code and message apart.
 */
export function apiErrorOf(response: Response, text: string): TRPCClientError<AnyTRPCRouter> {
  const body = parseBody(text)
  const fields =
    body && typeof body === 'object' ? (body as { code?: unknown; message?: unknown; issues?: unknown }) : {}
  const data: ApiErrorData = {
    httpStatus: response.status,
    statusText: response.statusText,
    code: typeof fields.code === 'string' ? fields.code : undefined,
    apiMessage: typeof fields.message === 'string' ? fields.message : undefined,
    issues: Array.isArray(fields.issues) ? (fields.issues as ApiErrorData['issues']) : undefined,
  }
  return new TRPCClientError(`${response.status}: ${text || response.statusText}`, {
    result: { error: { message: text, code: -32000, data } },
  })
}

/** The `data` of an error made by `apiErrorOf`; undefined for any other error. */
export function apiErrorDataOf(error: unknown): Partial<ApiErrorData> | undefined {
  const data = (error as { data?: unknown } | null)?.data
  return data && typeof data === 'object' ? data : undefined
}

/** The API's own message of a failed call (e.g. "Only 2 of 'Gold Cross' are left in stock"), if it sent one. */
export function apiMessageOf(error: unknown): string | undefined {
  return apiErrorDataOf(error)?.apiMessage
}

/** The HTTP status of a failed call; undefined when no answer came (a network error) or for any other error. */
export function httpStatusOf(error: unknown): number | undefined {
  return apiErrorDataOf(error)?.httpStatus
}

/** A record that is not there: 404, or 400 for an id the API refuses (e.g. one above the largest id). */
export function isNotFoundError(error: unknown): boolean {
  const status = httpStatusOf(error)
  return status === 404 || status === 400
}
