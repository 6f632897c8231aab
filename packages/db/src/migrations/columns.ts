import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely'

// Frozen helper of the migrations: it must not change meaning once a migration that uses it has run.

/** An integer primary key the database assigns: AUTOINCREMENT on SQLite, an identity column on PostgreSQL. */
export function idColumn(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  return (col: ColumnDefinitionBuilder) =>
    isPostgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()
}
