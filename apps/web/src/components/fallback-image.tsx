/** Shown when a product image is missing or fails to load (the gallery's placeholder). */
export const PRODUCT_PLACEHOLDER = '/images/placeholder-product.svg'
/** Shown when a category has no image or it fails to load (the storefront's stock image). */
export const STOCK_IMAGE = '/images/stock-category.svg'
