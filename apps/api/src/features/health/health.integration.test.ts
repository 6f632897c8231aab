/**
 * GET /api/health on SQLite and (postgres project) PostgreSQL. health.pg.test.ts takes a PostgreSQL server away
 * and brings it back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

describe('the health check', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('answers 200 { status: ok } while the database answers, never from a cache', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({ status: 'ok' })
  })

  it('answers 503 { status: down } when the database does not answer', async () => {
    const broken = await createTestApp()
    try {
      await broken.db.destroy()
      const response = await broken.request({ method: 'GET', url: '/api/health' })
      expect(response.statusCode).toBe(503)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.json()).toEqual({
        status: 'down',
        message: 'The database does not answer',
        code: 'SERVICE_UNAVAILABLE',
      })
    } finally {
      // Closing destroys the database a second time, which fails; the schema or folder is removed all the same.
      await broken.close().catch(() => {})
    }
  })
})
