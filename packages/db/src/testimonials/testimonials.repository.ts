import type { Testimonial, TestimonialValues } from '@shop/schema/testimonials'
import type { Selectable } from 'kysely'
import type { Executor } from '../database'
import { fromDbBool, nowIso, toDbBool, toNumber } from '../dialect'
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
