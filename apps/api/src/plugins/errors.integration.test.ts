import net from 'node:net'
import fastifyMultipart from '@fastify/multipart'
import type { ApiError } from '@shop/schema/common'
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { errors } from './errors'

const BAD_URL = { message: 'The URL is not valid: check its percent-encoding (%XX)', code: 'BAD_REQUEST' }

/** The one error shape: { message, code } (and issues for validation), JSON, no stack, no internal detail. */
function expectErrorShape(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  const body = response.json<ApiError & Record<string, unknown>>()
  expect(typeof body.message).toBe('string')
  expect(body.message.length).toBeGreaterThan(0)
  expect(typeof body.code).toBe('string')
  expect(Object.keys(body).every((key) => ['message', 'code', 'issues'].includes(key))).toBe(true)
  expect(response.body).not.toMatch(/FST_|statusCode|\bat .+:\d+:\d+/)
  return body
}

describe('transport-level errors', () => {
  let t: TestApp
  let token: string

  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
  })

  afterAll(async () => {
    await t?.close()
  })

  describe('a malformed percent-encoding in the path', () => {
    it.each([
      ['GET', '/api/products/%ZZ'],
      ['GET', '/api/products/%C0'],
      ['GET', '/api/products/%'],
      ['POST', '/api/admin/products/%ZZ'],
      ['DELETE', '/api/admin/products/%E2%82'],
    ] as const)('answers %s %s with 400 in the API error shape', async (method, url) => {
      const response = await t.app.inject({ method, url })

      expect(expectErrorShape(response, 400)).toEqual(BAD_URL)
    })

    it('answers a bad URL outside /api with 400 too, and the app keeps serving', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/product/%ZZ' })

      expect(expectErrorShape(response, 400)).toEqual(BAD_URL)
      const next = await t.app.inject({ method: 'GET', url: '/api/products' })
      expect(next.statusCode).toBe(200)
    })

    it('answers a bad URL under /uploads with 400', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/uploads/%ZZ.png' })

      expect(expectErrorShape(response, 400)).toEqual(BAD_URL)
    })

    it('answers a HEAD request for a bad URL with 400 and no body', async () => {
      const response = await t.app.inject({ method: 'HEAD', url: '/api/products/%ZZ' })

      expect(response.statusCode).toBe(400)
      expect(response.body).toBe('')
    })
  })

  describe('a request that Node cannot parse, over a real connection', () => {
    let port: number

    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      const address = t.app.server.address()
      if (address === null || typeof address === 'string') throw new Error('the app is not listening on a port')
      port = address.port
    })

    /** Sends the bytes as they are and gives back the status line, headers and body the server wrote. */
    function sendRaw(request: string): Promise<{ head: string; body: string }> {
      return new Promise((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.end(request))
        let answer = ''
        socket.setEncoding('utf8')
        socket.on('data', (chunk) => {
          answer += chunk
        })
        socket.on('error', reject)
        socket.on('close', () => {
          const [head = '', body = ''] = answer.split('\r\n\r\n', 2)
          resolve({ head, body })
        })
      })
    }

    it('answers a space in the URL with 400 in the API error shape', async () => {
      const { head, body } = await sendRaw('GET /api/products/a b HTTP/1.1\r\nHost: shop\r\n\r\n')

      expect(head).toMatch(/^HTTP\/1\.1 400 /)
      expect(head).toMatch(/^content-type: application\/json/im)
      expect(JSON.parse(body)).toEqual({ message: 'The request could not be read as HTTP', code: 'BAD_REQUEST' })
    })

    it('answers headers over the size limit with 431 in the API error shape', async () => {
      const { head, body } = await sendRaw(
        `GET /api/products HTTP/1.1\r\nHost: shop\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      )

      expect(head).toMatch(/^HTTP\/1\.1 431 /)
      expect(JSON.parse(body)).toEqual({
        message: 'The request headers are too large',
        code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      })
    })

    it('answers a malformed percent-encoding with 400 over a real connection too', async () => {
      const { head, body } = await sendRaw('GET /api/products/%ZZ HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n')

      expect(head).toMatch(/^HTTP\/1\.1 400 /)
      expect(JSON.parse(body)).toEqual(BAD_URL)
    })
  })

  describe('JSON bodies', () => {
    const post = (payload: string, url = '/api/admin/products') =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      })

    it('answers malformed JSON with 400', async () => {
      const body = expectErrorShape(await post('{"name": "Ring",'), 400)

      expect(body).toEqual({ message: 'The request body is not valid JSON', code: 'BAD_REQUEST' })
    })

    it('answers an empty body on a route that needs one with 400 and the fields it needs', async () => {
      const body = expectErrorShape(await post(''), 400)

      expect(body.code).toBe('BAD_REQUEST')
      expect(body.issues?.map((issue) => issue.path[0])).toContain('name')
    })

    it.each([
      ['null', 'null'],
      ['an array', '[{"name": "Ring"}]'],
      ['a number', '42'],
      ['a string', '"Ring"'],
      ['true', 'true'],
    ])('answers a body that is %s with 400', async (_, payload) => {
      const body = expectErrorShape(await post(payload), 400)

      expect(body.code).toBe('BAD_REQUEST')
    })

    it('answers 50,000 nested arrays with 400', async () => {
      const body = expectErrorShape(await post(`${'['.repeat(50_000)}${']'.repeat(50_000)}`), 400)

      expect(body.code).toBe('BAD_REQUEST')
    })

    it('answers 50,000 nested arrays on a public route with 400', async () => {
      const response = await post(`${'['.repeat(50_000)}${']'.repeat(50_000)}`, '/api/auth/login')

      expect(expectErrorShape(response, 400).code).toBe('BAD_REQUEST')
    })

    it('answers a NUL deep inside 40,000 nested arrays with 400 and the NUL message', async () => {
      const response = await post(`${'['.repeat(40_000)}"\\u0000"${']'.repeat(40_000)}`)

      expect(expectErrorShape(response, 400)).toEqual({
        message: 'Text must not contain the NUL character (\\u0000)',
        code: 'BAD_REQUEST',
      })
    })

    it('answers a body of 20,000 nested objects with 4xx', async () => {
      const response = await post(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`)

      expect(response.statusCode).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
      expectErrorShape(response, response.statusCode)
    })

    it('answers a __proto__ key with 400', async () => {
      const body = expectErrorShape(await post('{"__proto__": {"isAdmin": true}, "name": "Ring"}'), 400)

      expect(body.code).toBe('BAD_REQUEST')
    })
  })
})

describe('the error handler with @fastify/multipart', () => {
  // The errors @fastify/multipart exports, each from a route of its own: some cannot be reached through the
  // upload route (it refuses the 11th file before busboy's files or parts limit is hit).
  let app: FastifyInstance

  beforeAll(async () => {
    app = Fastify({ logger: false })
    await app.register(errors)
    await app.register(fastifyMultipart)
    const { multipartErrors } = app
    const raise: Record<string, () => Error> = {
      parts: () => new multipartErrors.PartsLimitError(),
      files: () => new multipartErrors.FilesLimitError(),
      fields: () => new multipartErrors.FieldsLimitError(),
      fileSize: () => new multipartErrors.RequestFileTooLargeError(),
      prototype: () => new multipartErrors.PrototypeViolationError(),
      notMultipart: () => new multipartErrors.InvalidMultipartContentTypeError(),
      prematureClose: () => new multipartErrors.PrematureCloseError(),
    }
    app.get('/api/raise/odd-status', async () => {
      throw Object.assign(new Error('connection string postgres://shop:secret@db'), { statusCode: 200 })
    })
    for (const [name, error] of Object.entries(raise)) {
      app.get(`/api/raise/${name}`, async () => {
        throw error()
      })
    }
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
  })

  it.each([
    ['parts', 413, 'PAYLOAD_TOO_LARGE', 'Too many parts in the form: send at most 10 images and 10 other fields'],
    ['files', 400, 'BAD_REQUEST', 'Maximum of 10 images can be uploaded at once.'],
    [
      'fields',
      413,
      'PAYLOAD_TOO_LARGE',
      "Too many form fields: send the images in the field 'images' and at most 10 other fields",
    ],
    ['fileSize', 413, 'PAYLOAD_TOO_LARGE', 'Maximum file size is 5MB per image.'],
    ['prototype', 400, 'BAD_REQUEST', "A form field name is not allowed (names such as '__proto__' or 'constructor')"],
    ['notMultipart', 400, 'BAD_REQUEST', 'Send the images as multipart/form-data'],
    [
      'prematureClose',
      400,
      'BAD_REQUEST',
      'The upload ended before the end of the form: send it again as complete multipart/form-data',
    ],
  ])('answers the %s error with %i and a clear message', async (name, status, code, message) => {
    const response = await app.inject({ method: 'GET', url: `/api/raise/${name}` })

    expect(expectErrorShape(response, status)).toEqual({ message, code })
  })

  it('answers an error that claims a non-error status with 500, without its message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/raise/odd-status' })

    expect(expectErrorShape(response, 500)).toEqual({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' })
    expect(response.body).not.toContain('connection string')
  })
})
