// Plain JavaScript: Vitest configs load it through Node, which runs no TypeScript.
import path from 'node:path'

/** The PostgreSQL server of the tests: the one every machine of this project runs, unless told otherwise. */
export const POSTGRES_TEST_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * The two Vitest projects of a package whose tests touch the database: every test on SQLite, and the database
 * tests (`*.integration.test.ts`, plus `*.pg.test.ts` that only make sense on a server) again on PostgreSQL, each
 * test database in its own schema.
 */
export function databaseProjects() {
  return [
    {
      extends: true,
      test: { name: 'sqlite', include: ['src/**/*.test.ts'], exclude: ['src/**/*.pg.test.ts'] },
    },
    {
      extends: true,
      test: {
        name: 'postgres',
        include: ['src/**/*.integration.test.ts', 'src/**/*.pg.test.ts'],
        env: { TEST_DATABASE_URL: POSTGRES_TEST_URL },
        globalSetup: [path.join(import.meta.dirname, 'postgres-setup.ts')],
      },
    },
  ]
}
