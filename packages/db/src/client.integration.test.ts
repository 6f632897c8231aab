/**
 * inTransaction and joinable on SQLite and (postgres project) PostgreSQL: work that opens its own transaction inside
 * a caller's joins it, and commits or rolls back with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, type Executor, inTransaction, joinable } from './client'
import { createTestDb, type TestDb } from './testing/create-test-db'

/** A service written for a Db: it opens a transaction of its own. */
function addCounter(db: Db, name: string): Promise<void> {
  return db.transaction().execute(async (tx) => {
    await tx.insertInto('counters').values({ name, value: 1 }).execute()
  })
}

async function counters(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('counters')
    .select('name')
    .where('name', 'like', 'joined-%')
    .orderBy('name')
    .execute()
  return rows.map((row) => row.name)
}

describe('a transaction joined by the work it calls', () => {
  let t: TestDb
  beforeAll(async () => {
    t = await createTestDb()
  })
  afterAll(() => t.cleanup())

  it('commits the inner work with the outer transaction', async () => {
    await t.db.transaction().execute(async (tx) => {
      await addCounter(joinable(tx), 'joined-a')
      await inTransaction(joinable(tx), async (inner) => {
        expect(inner.isTransaction).toBe(true)
        await inner.insertInto('counters').values({ name: 'joined-b', value: 1 }).execute()
      })
      // Seen inside the transaction before it commits.
      expect(await counters(tx)).toEqual(['joined-a', 'joined-b'])
    })
    expect(await counters(t.db)).toEqual(['joined-a', 'joined-b'])
  })

  it('rolls the inner work back with the outer transaction', async () => {
    const failure = t.db.transaction().execute(async (tx) => {
      await addCounter(joinable(tx), 'joined-c')
      throw new Error('the caller fails after the inner work')
    })
    await expect(failure).rejects.toThrow('the caller fails after the inner work')
    expect(await counters(t.db)).toEqual(['joined-a', 'joined-b'])
  })

  it('refuses to nest a plain transaction, as Kysely does (what joinable is for)', async () => {
    await t.db.transaction().execute(async (tx) => {
      expect(() => tx.transaction()).toThrow()
    })
  })
})
