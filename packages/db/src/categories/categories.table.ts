import type { Generated } from 'kysely'
import type { DbBool } from '../dialect'

export interface CategoriesTable {
  id: Generated<number>
  name: string
  slug: string
  description: string | null
  image_url: string | null
  active: DbBool
  created_at: string
  updated_at: string
}
