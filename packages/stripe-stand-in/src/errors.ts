/** The body Stripe answers on failure: `{ "error": { type, code?, param?, message } }`. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error'
  message: string
  code?: string
  param?: string
  decline_code?: string
}

/**
 * A request that Stripe would refuse. `stored` tells the idempotency layer whether the answer is kept for the key:
 * Stripe keeps the answer of every request whose endpoint began to run, but not that of a request refused while its
 * parameters were being checked (nothing ran, so a corrected retry with the same key may still go through).
 */
export class StripeFailure extends Error {
  readonly status: number
  readonly body: StripeErrorBody
  readonly stored: boolean

  constructor(status: number, body: StripeErrorBody, stored = false) {
    super(body.message)
    this.name = 'StripeFailure'
    this.status = status
    this.body = body
    this.stored = stored
  }
}

interface Detail {
  param?: string
  code?: string
  status?: number
  stored?: boolean
}

export function invalidRequest(message: string, detail: Detail = {}): StripeFailure {
  const body: StripeErrorBody = { type: 'invalid_request_error', message }
  if (detail.code) body.code = detail.code
  if (detail.param) body.param = detail.param
  return new StripeFailure(detail.status ?? 400, body, detail.stored ?? false)
}

export function missingParam(param: string): StripeFailure {
  return invalidRequest(`Missing required param: ${param}.`, { param, code: 'parameter_missing' })
}

export function unknownParam(param: string): StripeFailure {
  return invalidRequest(`Received unknown parameter: ${param}`, { param, code: 'parameter_unknown' })
}

/** Stripe reads an empty string as "unset"; a required parameter cannot be unset. */
export function emptyParam(param: string): StripeFailure {
  return invalidRequest(
    `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
    { param, code: 'parameter_invalid_empty' },
  )
}

/** An id in the URL that names nothing answers 404; an id passed as a parameter answers 400. */
export function noSuch(kind: string, id: string, param?: string): StripeFailure {
  return invalidRequest(`No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    status: param ? 400 : 404,
    ...(param ? { param } : {}),
  })
}
