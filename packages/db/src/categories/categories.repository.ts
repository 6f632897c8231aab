import type { Category, CategorySort, CategoryValues } from '@shop/schema/categories'
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely'
import type { Database, Executor } from '../database'
import { fromDbBool, nowIso, toDbBool, toNumber } from '../dialect'
import { categoryMatches } from '../search/search'
import type { CategoriesTable } from './categories.table'

function toCategory(row: Selectable<CategoriesTable>): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    imageUrl: row.image_url,
    active: fromDbBool(row.active),
  }
}

export async function findMany(db: Executor, options: { activeOnly: boolean }): Promise<Category[]> {
  let query = db.selectFrom('categories').selectAll().orderBy('name').orderBy('id')
  if (options.activeOnly) query = query.where('active', '=', toDbBool(true))
  return (await query.execute()).map(toCategory)
}

/** Each sort's column; ties go by id in the same direction, so every category has one place. */
const CATEGORY_SORT_KEYS = {
  name: ['categories.name', 'asc'],
  newest: ['categories.created_at', 'desc'],
  oldest: ['categories.created_at', 'asc'],
} as const satisfies Record<CategorySort, readonly [string, 'asc' | 'desc']>

export interface CategoryPageOptions {
  page: number
  pageSize: number
  sort: CategorySort
  active?: boolean
  /** Case-insensitive substring of the name, slug or description (search.ts). */
  search?: string
}

/** One page of categories, active or not, and how many match in all. */
export async function findPage(
  db: Executor,
  options: CategoryPageOptions,
): Promise<{ items: Category[]; total: number }> {
  // The same filters for the count and the page.
  const matches = (eb: ExpressionBuilder<Database, 'categories'>) => {
    const conditions: Expression<SqlBool>[] = []
    if (options.active !== undefined) conditions.push(eb('categories.active', '=', toDbBool(options.active)))
    if (options.search) conditions.push(categoryMatches(options.search))
    return eb.and(conditions)
  }
  const count = db
    .selectFrom('categories')
    .where(matches)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow()
  const [column, direction] = CATEGORY_SORT_KEYS[options.sort]
  const query = db
    .selectFrom('categories')
    .selectAll()
    .where(matches)
    .orderBy(column, direction)
    .orderBy('categories.id', direction)
  const [rows, counted] = await Promise.all([
    query
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    count,
  ])
  return { items: rows.map(toCategory), total: toNumber(counted.total) }
}

export async function findById(db: Executor, id: number): Promise<Category | undefined> {
  const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toCategory(row)
}

export async function findBySlug(
  db: Executor,
  slug: string,
  options: { activeOnly: boolean },
): Promise<Category | undefined> {
  let query = db.selectFrom('categories').selectAll().where('slug', '=', slug)
  if (options.activeOnly) query = query.where('active', '=', toDbBool(true))
  const row = await query.executeTakeFirst()
  return row && toCategory(row)
}

function toRow(values: CategoryValues) {
  return {
    name: values.name,
    slug: values.slug,
    description: values.description,
    image_url: values.imageUrl,
    active: toDbBool(values.active),
  }
}

export async function insert(db: Executor, values: CategoryValues): Promise<Category> {
  const now = nowIso()
  const row = await db
    .insertInto('categories')
    .values({ ...toRow(values), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toCategory(row)
}

export async function update(db: Executor, id: number, values: CategoryValues): Promise<Category | undefined> {
  const row = await db
    .updateTable('categories')
    .set({ ...toRow(values), updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
  return row && toCategory(row)
}

export async function remove(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst()
  return toNumber(result.numDeletedRows) > 0
}

export async function countProducts(db: Executor, id: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('category_id', '=', id)
    .executeTakeFirstOrThrow()
  return toNumber(row.count)
}
