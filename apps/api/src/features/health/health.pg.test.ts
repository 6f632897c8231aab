/**
 * The health check while PostgreSQL goes away and comes back. The app reaches the server through a TCP relay that
 * the test can cut (open connections end, new ones are refused, as when the server stops) and restore. Runs in
 * the postgres test project only.
 */
import net from 'node:net'
import { onPoolError } from '@shop/db/client'
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '@shop/db/testing'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

/**
 * Relays 127.0.0.1:<port> to the PostgreSQL server. stop() acts as a server that went down, start() as its
 * return; start('swallow') as a host gone from the network: connections are accepted but never answered.
 */
class DatabaseRelay {
  private server: net.Server | undefined
  private readonly sockets = new Set<net.Socket>()
  port = 0

  constructor(private readonly target: { host: string; port: number }) {}

  async start(mode: 'relay' | 'swallow' = 'relay'): Promise<void> {
    const server = net.createServer((client) => {
      if (mode === 'swallow') {
        this.sockets.add(client)
        client.on('close', () => this.sockets.delete(client))
        client.on('error', () => client.destroy())
        return
      }
      const upstream = net.connect(this.target)
      for (const socket of [client, upstream]) {
        this.sockets.add(socket)
        socket.on('close', () => this.sockets.delete(socket))
        // Either side failing ends the pair; the app sees a lost connection.
        socket.on('error', () => {
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    const address = server.address()
    if (address && typeof address === 'object') this.port = address.port
    this.server = server
  }

  get isRunning(): boolean {
    return this.server !== undefined
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    const server = this.server
    this.server = undefined
    if (server) await new Promise((resolve) => server.close(resolve))
  }
}

describe('the health check on PostgreSQL', () => {
  let database: TestDatabase
  let relay: DatabaseRelay
  let t: TestApp
  beforeAll(async () => {
    database = await createTestDatabase()
    const serverUrl = testDatabaseUrl()
    if (!serverUrl || !database.databaseUrl) throw new Error('a PostgreSQL test server is needed')
    const server = new URL(serverUrl)
    relay = new DatabaseRelay({ host: server.hostname, port: Number(server.port || 5432) })
    await relay.start()
    // The test database's schema and name, reached through the relay.
    const relayedUrl = new URL(database.databaseUrl)
    relayedUrl.host = `127.0.0.1:${relay.port}`
    t = await createTestApp({ env: { DATABASE_URL: relayedUrl.toString() } })
  })
  afterAll(async () => {
    await t?.close()
    await relay?.stop()
    await database?.drop()
  })

  const health = () => t.request({ method: 'GET', url: '/api/health' })

  it('reports the database down while it cannot be reached, hears the lost connections, and recovers', async () => {
    expect((await health()).json()).toEqual({ status: 'ok' })
    const lost: Error[] = []
    const stopListening = onPoolError(t.db, (error) => lost.push(error))
    try {
      await relay.stop()
      // The idle connections of the pool end; the app logs them (housekeeping.pg.test.ts reads that log).
      await vi.waitFor(() => expect(lost.length).toBeGreaterThan(0))
      // A clean close or a reset, depending on whether the relay's socket still held unread bytes.
      expect(lost[0]?.message).toMatch(/Connection terminated unexpectedly|ECONNRESET/)

      for (let i = 0; i < 2; i += 1) {
        const down = await health()
        expect(down.statusCode).toBe(503)
        expect(down.json()).toEqual({
          status: 'down',
          message: 'The database does not answer',
          code: 'SERVICE_UNAVAILABLE',
        })
      }

      await relay.start()
      const up = await health()
      expect(up.statusCode).toBe(200)
      expect(up.json()).toEqual({ status: 'ok' })
    } finally {
      stopListening()
      // A failure above must not leave the next test without its database.
      if (!relay.isRunning) await relay.start()
    }
  })

  it('reports the database down within seconds when it does not answer at all', async () => {
    expect((await health()).statusCode).toBe(200)
    const lost: Error[] = []
    const stopListening = onPoolError(t.db, (error) => lost.push(error))
    await relay.stop()
    try {
      // Once the pool has dropped its connections, the next ping has to open one, which never gets an answer.
      await vi.waitFor(() => expect(lost.length).toBeGreaterThan(0))
      await relay.start('swallow')
      const startedAt = Date.now()
      const down = await health()
      expect(down.statusCode).toBe(503)
      expect(down.json()).toMatchObject({ status: 'down' })
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1900)
      expect(Date.now() - startedAt).toBeLessThan(5000)
    } finally {
      stopListening()
      await relay.stop()
      await relay.start()
    }
    await vi.waitFor(async () => expect((await health()).statusCode).toBe(200))
  })
})
