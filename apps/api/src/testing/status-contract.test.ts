import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../openapi'
import { compareWithDocument, documentedStatuses, type Observation, operationOf } from './status-contract'

describe('operationOf', () => {
  it('maps a URL to the route pattern of its operation', () => {
    expect(operationOf('GET', '/api/admin/orders/12')).toBe('GET /api/admin/orders/{id}')
    expect(operationOf('GET', '/api/admin/orders/12/invoice')).toBe('GET /api/admin/orders/{id}/invoice')
    // A literal segment beats a parameter, as in Fastify's router: the export is not the order with id "export".
    expect(operationOf('GET', '/api/admin/orders/export?status=pending')).toBe('GET /api/admin/orders/export')
    expect(operationOf('PATCH', '/api/admin/orders/12/status')).toBe('PATCH /api/admin/orders/{id}/status')
    expect(operationOf('GET', '/api/categories/rings/products?x=1')).toBe('GET /api/categories/{slug}/products')
    expect(operationOf('GET', '/api/products/')).toBe('GET /api/products')
    expect(operationOf('POST', '/api/admin/upload')).toBe('POST /api/admin/upload')
  })

  it('maps no other path or method', () => {
    expect(operationOf('PATCH', '/api/products/1')).toBeUndefined()
    // A static path is its own operation, not a value of a parameter (as in Fastify's router).
    expect(operationOf('GET', '/api/admin/products/export')).toBe('GET /api/admin/products/export')
    expect(operationOf('GET', '/api/admin/products/7')).toBe('GET /api/admin/products/{id}')
    expect(operationOf('GET', '/api/nothing-here')).toBeUndefined()
    expect(operationOf('GET', '/api/openapi.json')).toBeUndefined()
    expect(operationOf('GET', '/uploads/a.png')).toBeUndefined()
  })
})

describe('compareWithDocument', () => {
  const document = buildOpenApiDocument({ title: 'Test Shop', baseUrl: '' })
  // Every status the document lists, once each, except the 500s: a run that agrees with it.
  const agreeing: Observation[] = [...documentedStatuses(document)].flatMap(([operation, statuses]) =>
    [...statuses].filter((status) => status !== 500).map((status) => ({ operation, status })),
  )

  it('finds nothing when every listed status is observed and nothing else', () => {
    expect(compareWithDocument(document, agreeing, 10)).toEqual([])
  })

  it('reports an observed status the document does not list', () => {
    const problems = compareWithDocument(document, [...agreeing, { operation: 'GET /api/shop', status: 403 }], 10)
    expect(problems).toEqual(['GET /api/shop answered 403, which the document does not list'])
  })

  it('reports a listed status that no test observed', () => {
    const observed = agreeing.filter(({ operation, status }) => !(operation === 'POST /api/orders' && status === 409))
    expect(compareWithDocument(document, observed, 10)).toEqual([
      'POST /api/orders is documented to answer 409, which no test saw',
    ])
  })

  it('reports an operation the document lacks', () => {
    const problems = compareWithDocument(document, [...agreeing, { operation: 'GET /api/secret', status: 200 }], 10)
    expect(problems).toEqual(['GET /api/secret answered, but the document has no such operation'])
  })

  it('refuses to agree on too few observations', () => {
    expect(compareWithDocument(document, agreeing, agreeing.length + 1)).toEqual([
      `only ${agreeing.length} answers were recorded; a run of the whole suite records over ${agreeing.length + 1}`,
    ])
  })
})
