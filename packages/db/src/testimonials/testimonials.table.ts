import type { Generated } from 'kysely'
import type { DbBool } from '../dialect'

export interface TestimonialsTable {
  id: Generated<number>
  name: string
  location: string | null
  content: string
  rating: number
  avatar_url: string | null
  active: DbBool | null
  featured: DbBool | null
  created_at: string
  updated_at: string
}
