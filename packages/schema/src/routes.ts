/**
 * The REST route of every tRPC procedure, defined once. The server spreads each entry into the procedure's
 * `meta.openapi`; the web client's REST link looks calls up here. Paths are relative to API_PREFIX.
 */
export const API_PREFIX = '/api'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export interface RouteDef {
  method: HttpMethod
  path: `/${string}`
  /** Needs an admin session. */
  protect?: true
  tags: string[]
  summary: string
}

export const routes = {
  // Public catalog
  'shop.info': { method: 'GET', path: '/shop', tags: ['shop'], summary: "The shop's name and contact details" },
  'categories.list': { method: 'GET', path: '/categories', tags: ['catalog'], summary: 'Active categories' },
  'categories.get': { method: 'GET', path: '/categories/{slug}', tags: ['catalog'], summary: 'An active category' },
  'categories.products': {
    method: 'GET',
    path: '/categories/{slug}/products',
    tags: ['catalog'],
    summary: 'Active products of an active category',
  },
  'products.featured': { method: 'GET', path: '/featured-products', tags: ['catalog'], summary: 'Featured products' },
  'products.list': {
    method: 'GET',
    path: '/products',
    tags: ['catalog'],
    summary: 'Active products, searchable by name, SKU or description, and sortable',
  },
  'products.get': { method: 'GET', path: '/products/{id}', tags: ['catalog'], summary: 'An active product' },
  'testimonials.featured': {
    method: 'GET',
    path: '/featured-testimonials',
    tags: ['catalog'],
    summary: 'Active, featured testimonials',
  },
  'orders.create': { method: 'POST', path: '/orders', tags: ['orders'], summary: 'Place a guest order' },

  // Auth
  'auth.me': { method: 'GET', path: '/auth/me', protect: true, tags: ['auth'], summary: 'The logged-in admin' },
  'auth.login': { method: 'POST', path: '/auth/login', tags: ['auth'], summary: 'Log in; sets the session cookie' },
  'auth.logout': { method: 'POST', path: '/auth/logout', tags: ['auth'], summary: 'End the current session' },
  'auth.forgotPassword': {
    method: 'POST',
    path: '/auth/forgot-password',
    tags: ['auth'],
    summary: 'E-mail a password reset link',
  },
  'auth.resetPassword': {
    method: 'POST',
    path: '/auth/reset-password',
    tags: ['auth'],
    summary: 'Set a new password with a reset token',
  },

  // Admin
  'admin.dashboard.stats': {
    method: 'GET',
    path: '/admin/dashboard/stats',
    protect: true,
    tags: ['admin'],
    summary: 'Revenue, order, product and customer counts',
  },
  'admin.dashboard.lowStock': {
    method: 'GET',
    path: '/admin/low-stock-products',
    protect: true,
    tags: ['admin'],
    summary: 'Active products at or below their minimum stock, fewest first',
  },
  'admin.dashboard.recentOrders': {
    method: 'GET',
    path: '/admin/recent-orders',
    protect: true,
    tags: ['admin'],
    summary: 'The 5 newest orders',
  },
  'admin.products.list': {
    method: 'GET',
    path: '/admin/products',
    protect: true,
    tags: ['admin'],
    summary: 'All products',
  },
  'admin.products.get': {
    method: 'GET',
    path: '/admin/products/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'A product',
  },
  'admin.products.create': {
    method: 'POST',
    path: '/admin/products',
    protect: true,
    tags: ['admin'],
    summary: 'Create a product',
  },
  'admin.products.update': {
    method: 'PUT',
    path: '/admin/products/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Update a product',
  },
  'admin.products.delete': {
    method: 'DELETE',
    path: '/admin/products/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Delete a product',
  },
  'admin.categories.list': {
    method: 'GET',
    path: '/admin/categories',
    protect: true,
    tags: ['admin'],
    summary: 'All categories',
  },
  'admin.categories.get': {
    method: 'GET',
    path: '/admin/categories/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'A category',
  },
  'admin.categories.create': {
    method: 'POST',
    path: '/admin/categories',
    protect: true,
    tags: ['admin'],
    summary: 'Create a category',
  },
  'admin.categories.update': {
    method: 'PUT',
    path: '/admin/categories/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Update a category',
  },
  'admin.categories.delete': {
    method: 'DELETE',
    path: '/admin/categories/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Delete a category that has no products',
  },
  'admin.orders.list': {
    method: 'GET',
    path: '/admin/orders',
    protect: true,
    tags: ['admin'],
    summary: 'All orders, newest first',
  },
  'admin.orders.get': {
    method: 'GET',
    path: '/admin/orders/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'An order with its items',
  },
  'admin.orders.delete': {
    method: 'DELETE',
    path: '/admin/orders/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Delete an order',
  },
  'admin.orders.updateStatus': {
    method: 'PATCH',
    path: '/admin/orders/{id}/status',
    protect: true,
    tags: ['admin'],
    summary: "Change an order's status (cancelling returns its items to stock)",
  },
  'admin.testimonials.list': {
    method: 'GET',
    path: '/admin/testimonials',
    protect: true,
    tags: ['admin'],
    summary: 'All testimonials',
  },
  'admin.testimonials.create': {
    method: 'POST',
    path: '/admin/testimonials',
    protect: true,
    tags: ['admin'],
    summary: 'Create a testimonial',
  },
  'admin.testimonials.update': {
    method: 'PUT',
    path: '/admin/testimonials/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Update a testimonial',
  },
  'admin.testimonials.delete': {
    method: 'DELETE',
    path: '/admin/testimonials/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Delete a testimonial',
  },
} as const satisfies Record<string, RouteDef>

export type ProcedurePath = keyof typeof routes

/** Plain HTTP routes outside tRPC (multipart upload, binary PDF, health). */
export const rawRoutes = {
  upload: { method: 'POST', path: '/admin/upload' },
  invoice: { method: 'GET', path: '/admin/orders/{id}/invoice' },
  health: { method: 'GET', path: '/health' },
} as const satisfies Record<string, Pick<RouteDef, 'method' | 'path'>>

/** Fills `{name}` segments of a route path: fillPath('/products/{id}', { id: 3 }) -> '/products/3'. */
export function fillPath(path: string, params: Record<string, unknown>): { path: string; used: Set<string> } {
  const used = new Set<string>()
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    used.add(name)
    return encodeURIComponent(String(params[name]))
  })
  return { path: filled, used }
}
