import { describe, expect, it } from 'vitest'
import { apiErrorOf, apiMessageOf, httpStatusOf, isNotFoundError } from './api-error'
import { errorMessageOf, httpStatusTextOf, withApiReason } from './error-message'

const conflictBody = JSON.stringify({ code: 'CONFLICT', message: "Only 2 of 'Gold Cross' are left in stock" })
const conflict = () => apiErrorOf(new Response(conflictBody, { status: 409, statusText: 'Conflict' }), conflictBody)

describe('apiErrorOf', () => {
  it("names the status and the body ('<status>: <body>') and keeps the API's code and message apart", () => {
    const error = conflict()
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toBe(`409: ${conflictBody}`)
    expect(apiMessageOf(error)).toBe("Only 2 of 'Gold Cross' are left in stock")
    expect(httpStatusOf(error)).toBe(409)
    expect(httpStatusTextOf(error)).toBe('Conflict')
  })

  it('uses the status text when the body is empty, and has no API message then', () => {
    const error = apiErrorOf(new Response(null, { status: 500, statusText: 'Internal Server Error' }), '')
    expect(error.message).toBe('500: Internal Server Error')
    expect(apiMessageOf(error)).toBeUndefined()
  })

  it('keeps a body that is not JSON as the message', () => {
    const error = apiErrorOf(new Response('Bad Gateway from proxy', { status: 502 }), 'Bad Gateway from proxy')
    expect(error.message).toBe('502: Bad Gateway from proxy')
    expect(apiMessageOf(error)).toBeUndefined()
  })
})

describe('withApiReason', () => {
  it("follows the spec's text with the API's reason", () => {
    expect(withApiReason('Failed to delete the product. Please try again.', conflict())).toBe(
      "Failed to delete the product. Please try again. Only 2 of 'Gold Cross' are left in stock",
    )
  })

  it("is the spec's text alone for a network error or an answer without a message", () => {
    expect(withApiReason('Upload failed.', new TypeError('Failed to fetch'))).toBe('Upload failed.')
    expect(withApiReason('Upload failed.', apiErrorOf(new Response(null, { status: 502 }), ''))).toBe('Upload failed.')
  })
})

describe('errorMessageOf', () => {
  it("is the API's message, else the error's own, else a generic text", () => {
    expect(errorMessageOf(conflict())).toBe("Only 2 of 'Gold Cross' are left in stock")
    expect(errorMessageOf(new TypeError('Failed to fetch'))).toBe('Failed to fetch')
    expect(errorMessageOf('boom')).toBe('Unknown error occurred')
  })
})

describe('isNotFoundError', () => {
  it('is true for a 404 and for a 400 (an id the API refuses), false otherwise', () => {
    const answer = (status: number) => apiErrorOf(new Response(null, { status }), '')
    expect(isNotFoundError(answer(404))).toBe(true)
    expect(isNotFoundError(answer(400))).toBe(true)
    expect(isNotFoundError(answer(500))).toBe(false)
    expect(isNotFoundError(new TypeError('Failed to fetch'))).toBe(false)
  })
})
