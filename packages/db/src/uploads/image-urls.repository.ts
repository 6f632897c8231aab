import type { Db } from '../database'

/** How many rows of each table now name the new URLs. */
export interface ReplacedImageUrls {
  productImages: number
  variants: number
  categories: number
  testimonials: number
}

/**
 * Replaces image URLs wherever the catalogue names them (product images, variant images, category images,
 * testimonial avatars), old URL -> new URL, in one transaction. Order items keep the URL they were sold with:
 * their files stay where they are. Replacing twice changes nothing the second time.
 */
export async function replaceImageUrls(db: Db, replacements: ReadonlyMap<string, string>): Promise<ReplacedImageUrls> {
  const replaced: ReplacedImageUrls = { productImages: 0, variants: 0, categories: 0, testimonials: 0 }
  if (replacements.size === 0) return replaced
  await db.transaction().execute(async (tx) => {
    for (const [from, to] of replacements) {
      // One statement at a time: a transaction is one connection.
      const productImages = await tx
        .updateTable('product_images')
        .set({ url: to })
        .where('url', '=', from)
        .executeTakeFirst()
      const variants = await tx
        .updateTable('product_variants')
        .set({ image_url: to })
        .where('image_url', '=', from)
        .executeTakeFirst()
      const categories = await tx
        .updateTable('categories')
        .set({ image_url: to })
        .where('image_url', '=', from)
        .executeTakeFirst()
      const testimonials = await tx
        .updateTable('testimonials')
        .set({ avatar_url: to })
        .where('avatar_url', '=', from)
        .executeTakeFirst()
      replaced.productImages += Number(productImages.numUpdatedRows)
      replaced.variants += Number(variants.numUpdatedRows)
      replaced.categories += Number(categories.numUpdatedRows)
      replaced.testimonials += Number(testimonials.numUpdatedRows)
    }
  })
  return replaced
}
