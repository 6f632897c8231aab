import type { Testimonial, TestimonialSort, TestimonialValues } from '@shop/schema/testimonials'
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely'
import type { Database, Executor } from '../database'
import { fromDbBool, nowIso, toDbBool, toNumber } from '../dialect'
import { testimonialMatches } from '../search/search'
import type { TestimonialsTable } from './testimonials.table'

function toTestimonial(row: Selectable<TestimonialsTable>): Testimonial {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    content: row.content,
    rating: row.rating,
    avatarUrl: row.avatar_url,
    active: fromDbBool(row.active),
    featured: fromDbBool(row.featured),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

export async function findById(db: Executor, id: number): Promise<Testimonial | undefined> {
  const row = await db.selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toTestimonial(row)
}

/** Newest first. */
export async function findMany(db: Executor): Promise<Testimonial[]> {
  const rows = await db
    .selectFrom('testimonials')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(toTestimonial)
}

/** Each sort's column; ties go by id in the same direction, so every testimonial has one place. */
const TESTIMONIAL_SORT_KEYS = {
  newest: ['testimonials.created_at', 'desc'],
  oldest: ['testimonials.created_at', 'asc'],
  'rating-desc': ['testimonials.rating', 'desc'],
  'rating-asc': ['testimonials.rating', 'asc'],
  name: ['testimonials.name', 'asc'],
} as const satisfies Record<TestimonialSort, readonly [string, 'asc' | 'desc']>

export interface TestimonialPageOptions {
  page: number
  pageSize: number
  sort: TestimonialSort
  /** Shown on the website: a null `active` counts as active. */
  active?: boolean
  /** In the featured section: a null `featured` counts as not featured. */
  featured?: boolean
  /** Case-insensitive substring of the name, content or location (search.ts). */
  search?: string
}

/** `column` is true, or false where null counts as `nullMeans`. */
function isFlag(
  eb: ExpressionBuilder<Database, 'testimonials'>,
  column: 'testimonials.active' | 'testimonials.featured',
  value: boolean,
  nullMeans: boolean,
): Expression<SqlBool> {
  const equals = eb(column, '=', toDbBool(value))
  return value === nullMeans ? eb.or([equals, eb(column, 'is', null)]) : equals
}

/** One page of testimonials and how many match in all. */
export async function findPage(
  db: Executor,
  options: TestimonialPageOptions,
): Promise<{ items: Testimonial[]; total: number }> {
  // The same filters for the count and the page.
  const matches = (eb: ExpressionBuilder<Database, 'testimonials'>) => {
    const conditions: Expression<SqlBool>[] = []
    if (options.active !== undefined) conditions.push(isFlag(eb, 'testimonials.active', options.active, true))
    if (options.featured !== undefined) conditions.push(isFlag(eb, 'testimonials.featured', options.featured, false))
    if (options.search) conditions.push(testimonialMatches(options.search))
    return eb.and(conditions)
  }
  const count = db
    .selectFrom('testimonials')
    .where(matches)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow()
  const [column, direction] = TESTIMONIAL_SORT_KEYS[options.sort]
  const query = db
    .selectFrom('testimonials')
    .selectAll()
    .where(matches)
    .orderBy(column, direction)
    .orderBy('testimonials.id', direction)
  const [rows, counted] = await Promise.all([
    query
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    count,
  ])
  return { items: rows.map(toTestimonial), total: toNumber(counted.total) }
}

/** Featured = active (null counts as active) and featured (null counts as not featured). */
export async function findFeatured(db: Executor): Promise<Testimonial[]> {
  const rows = await db
    .selectFrom('testimonials')
    .selectAll()
    .where((eb) => eb.or([eb('active', 'is', null), eb('active', '=', toDbBool(true))]))
    .where('featured', '=', toDbBool(true))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(toTestimonial)
}

function toRow(values: TestimonialValues) {
  return {
    name: values.name,
    location: values.location,
    content: values.content,
    rating: values.rating,
    avatar_url: values.avatarUrl,
    active: values.active === null ? null : toDbBool(values.active),
    featured: values.featured === null ? null : toDbBool(values.featured),
  }
}

export async function insert(db: Executor, values: TestimonialValues, createdAt = nowIso()): Promise<Testimonial> {
  const row = await db
    .insertInto('testimonials')
    .values({ ...toRow(values), created_at: createdAt, updated_at: createdAt })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toTestimonial(row)
}

export async function update(db: Executor, id: number, values: TestimonialValues): Promise<Testimonial | undefined> {
  const row = await db
    .updateTable('testimonials')
    .set({ ...toRow(values), updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
  return row && toTestimonial(row)
}

export async function remove(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('testimonials').where('id', '=', id).executeTakeFirst()
  return toNumber(result.numDeletedRows) > 0
}
