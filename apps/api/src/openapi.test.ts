import { createConfig, lintFromString } from '@redocly/openapi-core'
import { rawRoutes, routes } from '@shop/schema/routes'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from './openapi'

const document = buildOpenApiDocument({ title: 'Test Shop', baseUrl: '' })
const table = { ...routes, ...rawRoutes }

function operationOf(route: (typeof table)[keyof typeof table]) {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
  const operation = document.paths?.[route.path]?.[method]
  if (!operation) throw new Error(`no operation ${route.method} ${route.path}`)
  return operation
}

function statusesOf(route: (typeof table)[keyof typeof table]): number[] {
  return Object.keys(operationOf(route).responses ?? {}).map(Number)
}

describe('the OpenAPI document', () => {
  it("lists exactly each route's statuses, and 500", () => {
    for (const [name, route] of Object.entries(table)) {
      expect(statusesOf(route).sort(), name).toEqual([...route.statuses, 500].sort())
    }
  })

  it('documents 201, not 200, for the creates and the upload', () => {
    for (const route of [
      routes['orders.create'],
      routes['admin.products.create'],
      routes['admin.categories.create'],
      routes['admin.testimonials.create'],
      rawRoutes.upload,
    ]) {
      expect(statusesOf(route), route.path).toContain(201)
      expect(statusesOf(route), route.path).not.toContain(200)
    }
  })

  it('documents 403 on every back-office path (roles, required two-factor sign-in), and nowhere else', () => {
    for (const route of Object.values(table)) {
      if (route.path.startsWith('/admin')) expect(statusesOf(route), route.path).toContain(403)
      else expect(statusesOf(route), route.path).not.toContain(403)
    }
  })

  it('documents conflicts, oversized and non-JSON bodies, and rate limits', () => {
    expect(statusesOf(routes['admin.products.create'])).toEqual(expect.arrayContaining([409, 413, 415]))
    expect(statusesOf(routes['admin.categories.delete'])).toContain(409)
    expect(statusesOf(routes['orders.create'])).toEqual(expect.arrayContaining([409, 413, 415]))
    const rateLimited = operationOf(routes['auth.login']).responses?.[429]
    expect(rateLimited).toEqual({ $ref: '#/components/responses/TooManyRequests' })
    expect(document.components?.responses?.TooManyRequests).toMatchObject({
      headers: { 'Retry-After': { required: true } },
    })
    expect(statusesOf(routes['auth.forgotPassword'])).toContain(429)
  })

  it('gives every error the body the server answers with', () => {
    expect(document.components?.schemas?.ApiError).toMatchObject({ required: ['message', 'code'] })
    for (const [name, response] of Object.entries(document.components?.responses ?? {})) {
      if (name === 'NotModified') continue
      expect(response, name).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      })
    }
    expect(Object.keys(document.components?.schemas ?? {}).filter((key) => key.startsWith('error.'))).toEqual([])
  })

  it('marks public operations as needing no session and admin ones with the bearer and cookie schemes', () => {
    for (const [name, route] of Object.entries(table)) {
      const isAdmin = 'protect' in route && route.protect
      expect(operationOf(route).security, name).toEqual(isAdmin ? [{ bearerAuth: [] }, { cookieAuth: [] }] : [])
    }
  })

  it('documents the upload, the invoice and the health check', () => {
    expect(operationOf(rawRoutes.upload).requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { properties: { images: { type: 'array', maxItems: 10 } } } } },
    })
    expect(operationOf(rawRoutes.upload).responses?.[201]).toMatchObject({
      content: { 'application/json': { schema: { properties: { urls: { type: 'array' } } } } },
    })
    expect(operationOf(rawRoutes.invoice).responses?.[200]).toMatchObject({ content: { 'application/pdf': {} } })
    expect(operationOf(rawRoutes.invoice).parameters).toMatchObject([{ in: 'path', name: 'id', required: true }])
    expect(statusesOf(rawRoutes.health).sort()).toEqual([200, 400, 500, 503])
    expect(operationOf(rawRoutes.health).responses?.[503]).toMatchObject({
      content: { 'application/json': { schema: { properties: { status: { const: 'down' } } } } },
    })
    expect(document.info.description).not.toMatch(/not listed/i)
  })

  it("passes Redocly's recommended rules without an error", async () => {
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    })
    const explain = (problem: (typeof problems)[number]) =>
      `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`
    const warnings = problems.filter((problem) => problem.severity === 'warn')
    // The project has chosen no license, and the document must not invent one: info-license stays a warning.
    if (warnings.length > 0) console.warn(`Redocly warnings:\n${warnings.map(explain).join('\n')}`)
    expect(problems.filter((problem) => problem.severity === 'error').map(explain)).toEqual([])
  })
})
