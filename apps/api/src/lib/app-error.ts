import type { TRPC_ERROR_CODE_KEY } from '@trpc/server'

/** The closed set of failures a service may report; each maps to one tRPC code and HTTP status. */
export const APP_ERROR_CODES = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', status: 400 },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', status: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', status: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', status: 404 },
  /** A unique value is taken, or the change conflicts with the data (stock, products in a category). */
  CONFLICT: { trpc: 'CONFLICT', status: 409 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', status: 413 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', status: 429 },
  SERVICE_UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', status: 503 },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; status: number }>

export type AppErrorCode = keyof typeof APP_ERROR_CODES

/** A failure whose message is meant for the client. Anything else is logged and answered as a plain 500. */
export class AppError extends Error {
  override readonly name = 'AppError'
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  get status(): number {
    return APP_ERROR_CODES[this.code].status
  }
}
