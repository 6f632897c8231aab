import { routes } from '@shop/schema/routes'
import { describe, expect, it } from 'vitest'
import { appRouter } from './app-router'

describe('the route table', () => {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { openapi?: unknown } } }>

  it('has exactly one route per procedure, and no route without a procedure', () => {
    expect(Object.keys(procedures).sort()).toEqual(Object.keys(routes).sort())
  })

  it("gives every procedure its route's method and path", () => {
    for (const [name, procedure] of Object.entries(procedures)) {
      const route = routes[name as keyof typeof routes]
      expect(procedure._def.meta?.openapi, name).toMatchObject({ method: route.method, path: route.path })
    }
  })
})
