/**
 * The REST route of every tRPC procedure, defined once. The server spreads each entry into the procedure's
 * `meta.openapi`; the web client's REST link looks calls up here. Paths are relative to API_PREFIX.
 *
 * Each route also carries the HTTP policy the server derives from it (apps/api/src/lib/route-policy.ts): whether
 * it needs an admin session (`protect`), how its answer may be kept (`cache`), and, for a write, whether it changes
 * what the public catalog cache holds (`writesCatalog`). The types make both decisions compulsory, so a new route
 * cannot be forgotten by the admin guard or the cache.
 */
export const API_PREFIX = '/api'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type MutatingMethod = Exclude<HttpMethod, 'GET'>

/** The statuses an operation may answer (500 aside, which any call may get). */
export type HttpStatus = 200 | 201 | 304 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503

/**
 * How an answer may be kept:
 * - `public`: a public catalog read. The API keeps it in memory and answers it with a strong ETag
 *   (`Cache-Control: no-cache`, 304 on If-None-Match) until a catalog write empties the cache.
 * - `no-store`: it carries session tokens, reset links or back-office data; no browser or proxy may keep a copy.
 * - `default`: no Cache-Control header (a guest's order, which is never read again by URL).
 */
export type CachePolicy = 'public' | 'no-store' | 'default'

interface RouteBase {
  path: `/${string}`
  /** Needs an admin session: the server refuses the request with 401 before routing when it has none. */
  protect?: true
  /**
   * Owners only (admins, settings, exports of customer data, the audit log): the server refuses any other admin's
   * session with 403 after the session check. Such a route lists 403 among its statuses.
   */
  owner?: true
  tags: string[]
  summary: string
  /**
   * Every status the server answers, 500 aside: its success (201 for a create, which the server sends), 304 for a
   * cached catalog read, and the errors. The OpenAPI document lists exactly these, and the API's test suite fails
   * when it observes a status missing here, or never observes one listed. What most operations share:
   * - 400: invalid input, or a NUL (`%00`) in the URL, which every request is refused for;
   * - 401: an admin operation without a session;
   * - 403: an owner-only operation called by staff, or an admin operation by an admin who must first turn on
   *   two-factor sign-in;
   * - 413 and 415: every method but GET parses a body when one is sent, JSON of at most 100 kB.
   */
  statuses: readonly HttpStatus[]
}

export interface ReadRouteDef extends RouteBase {
  method: 'GET'
  cache: CachePolicy
  /**
   * A list that grows with the shop: it takes `page` and `pageSize` and answers one page as an array, with the
   * count of all matching rows in `X-Total-Count` and the neighbouring pages in `Link`.
   */
  paged?: true
}

export interface WriteRouteDef extends RouteBase {
  method: MutatingMethod
  /** A write's answer is never kept by the catalog cache. */
  cache: Exclude<CachePolicy, 'public'>
  /**
   * Whether a successful call can change what a `public` read answers (products, stock, categories, featured
   * testimonials): the catalog cache is then emptied, in every API process, before the answer is sent.
   */
  writesCatalog: boolean
  /**
   * The catalog write changes stock and nothing else (orders placed, cancelled, reopened): the catalog cache is
   * emptied, but the shop's money settings (shipping, tax, payment methods), which every order reads, are kept.
   */
  writesOnlyStock?: true
}

export type RouteDef = ReadRouteDef | WriteRouteDef

/**
 * Sections of the API whose every path has a policy even when no route exists there: the spec's guarantees that
 * every /api/admin/* request needs a session and every /api/admin/* and /api/auth/* answer is no-store. The route
 * table's tests check that the routes under them agree.
 */
export const ADMIN_SECTION = '/admin'
export const NO_STORE_SECTIONS = ['/admin', '/auth'] as const

export const routes = {
  // Public catalog
  'shop.info': {
    method: 'GET',
    path: '/shop',
    tags: ['shop'],
    summary: "The shop's name and contact details",
    statuses: [200, 304, 400],
    cache: 'public',
  },
  'categories.list': {
    method: 'GET',
    path: '/categories',
    tags: ['catalog'],
    summary: 'Active categories',
    statuses: [200, 304, 400],
    cache: 'public',
  },
  'categories.get': {
    method: 'GET',
    path: '/categories/{slug}',
    tags: ['catalog'],
    summary: 'An active category',
    statuses: [200, 304, 400, 404],
    cache: 'public',
  },
  'categories.products': {
    method: 'GET',
    path: '/categories/{slug}/products',
    tags: ['catalog'],
    summary: 'One page of the active products of an active category, by name (the first 200 unless paged)',
    paged: true,
    statuses: [200, 304, 400, 404],
    cache: 'public',
  },
  'products.featured': {
    method: 'GET',
    path: '/featured-products',
    tags: ['catalog'],
    summary: 'Featured products',
    statuses: [200, 304, 400],
    cache: 'public',
  },
  'products.list': {
    method: 'GET',
    path: '/products',
    tags: ['catalog'],
    summary:
      'One page of the active products, searched by name, SKU or description, and sorted (the first 200 unless paged)',
    paged: true,
    statuses: [200, 304, 400],
    cache: 'public',
  },
  'products.get': {
    method: 'GET',
    path: '/products/{id}',
    tags: ['catalog'],
    summary: 'An active product',
    statuses: [200, 304, 400, 404],
    cache: 'public',
  },
  'testimonials.featured': {
    method: 'GET',
    path: '/featured-testimonials',
    tags: ['catalog'],
    summary: 'Active, featured testimonials',
    statuses: [200, 304, 400],
    cache: 'public',
  },
  'orders.create': {
    method: 'POST',
    path: '/orders',
    tags: ['orders'],
    summary: 'Place a guest order',
    // 429: too many unknown discount codes from the client (an order without a code is never refused so). 503: a
    // card order Stripe could not take (the order is cancelled, its stock given back).
    statuses: [201, 400, 409, 413, 415, 429, 503],
    cache: 'default',
    // Orders take stock, which product pages show.
    writesCatalog: true,
    writesOnlyStock: true,
  },

  'orders.quote': {
    method: 'POST',
    path: '/orders/quote',
    tags: ['orders'],
    summary:
      'What an order would cost now: subtotal, discount (or why the code does not apply), shipping, tax and total, by the rules that place it',
    // 429 as for orders.create: a quote that names a code is a guess at it.
    statuses: [200, 400, 409, 413, 415, 429],
    cache: 'no-store',
    writesCatalog: false,
  },

  'orders.guestView': {
    method: 'GET',
    path: '/orders/{orderNumber}',
    tags: ['orders'],
    summary: "A guest's order, for whoever holds its link (?key=); a wrong or missing key answers 404",
    statuses: [200, 400, 404],
    cache: 'no-store',
  },
  'orders.lookup': {
    method: 'POST',
    path: '/orders/lookup',
    tags: ['orders'],
    summary: "E-mail an order's link to its buyer, given the order number and the buyer's e-mail",
    statuses: [200, 400, 413, 415, 429],
    cache: 'no-store',
    writesCatalog: false,
  },

  // Auth
  'auth.me': {
    method: 'GET',
    path: '/auth/me',
    protect: true,
    tags: ['auth'],
    summary: 'The logged-in admin',
    statuses: [200, 400, 401],
    cache: 'no-store',
  },
  'auth.login': {
    method: 'POST',
    path: '/auth/login',
    tags: ['auth'],
    summary: 'Log in; sets the session cookie',
    statuses: [200, 400, 401, 413, 415, 429, 503],
    cache: 'no-store',
    writesCatalog: false,
  },
  'auth.logout': {
    method: 'POST',
    path: '/auth/logout',
    tags: ['auth'],
    summary: 'End the current session',
    statuses: [200, 400, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },
  'auth.forgotPassword': {
    method: 'POST',
    path: '/auth/forgot-password',
    tags: ['auth'],
    summary: 'E-mail a password reset link',
    statuses: [200, 400, 413, 415, 429],
    cache: 'no-store',
    writesCatalog: false,
  },
  'auth.resetPassword': {
    method: 'POST',
    path: '/auth/reset-password',
    tags: ['auth'],
    summary: 'Set a new password with a reset token',
    statuses: [200, 400, 413, 415, 503],
    cache: 'no-store',
    writesCatalog: false,
  },

  'auth.loginTwoFactor': {
    method: 'POST',
    path: '/auth/login/two-factor',
    tags: ['auth'],
    summary:
      "Log in's second step: a 6-digit code or a recovery code for the challenge the password gave; sets the session cookie",
    statuses: [200, 400, 401, 413, 415, 429],
    cache: 'no-store',
    writesCatalog: false,
  },
  'auth.account': {
    method: 'GET',
    path: '/auth/account',
    protect: true,
    tags: ['auth'],
    summary: "The logged-in admin's account: role and two-factor state",
    statuses: [200, 400, 401],
    cache: 'no-store',
  },
  'auth.changePassword': {
    method: 'POST',
    path: '/auth/password',
    protect: true,
    tags: ['auth'],
    summary: 'Change your own password (the current one required); ends your other sessions',
    statuses: [200, 400, 401, 413, 415, 429],
    cache: 'no-store',
    writesCatalog: false,
  },
  'auth.twoFactorSetup': {
    method: 'POST',
    path: '/auth/two-factor/setup',
    protect: true,
    tags: ['auth'],
    summary: 'Start turning on two-factor sign-in: a new secret and its QR code',
    statuses: [200, 400, 401, 409, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },
  'auth.twoFactorEnable': {
    method: 'POST',
    path: '/auth/two-factor/enable',
    protect: true,
    tags: ['auth'],
    summary: 'Turn on two-factor sign-in (password and a code of the new secret); answers ten recovery codes, once',
    statuses: [200, 400, 401, 409, 413, 415, 429],
    cache: 'no-store',
    writesCatalog: false,
  },
  'auth.twoFactorDisable': {
    method: 'POST',
    path: '/auth/two-factor/disable',
    protect: true,
    tags: ['auth'],
    summary: 'Turn off two-factor sign-in (password and a code required)',
    statuses: [200, 400, 401, 409, 413, 415, 429],
    cache: 'no-store',
    writesCatalog: false,
  },
  'auth.sessions': {
    method: 'GET',
    path: '/auth/sessions',
    protect: true,
    tags: ['auth'],
    summary: 'Your active sessions: device, address and last use',
    statuses: [200, 400, 401],
    cache: 'no-store',
  },
  'auth.revokeSession': {
    method: 'DELETE',
    path: '/auth/sessions/{id}',
    protect: true,
    tags: ['auth'],
    summary: 'Sign out one of your sessions',
    statuses: [200, 400, 401, 404, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },
  'auth.revokeOtherSessions': {
    method: 'POST',
    path: '/auth/sessions/revoke-others',
    protect: true,
    tags: ['auth'],
    summary: 'Sign out all your sessions but this one',
    statuses: [200, 400, 401, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },

  // Admin
  'admin.dashboard.stats': {
    method: 'GET',
    path: '/admin/dashboard/stats',
    protect: true,
    tags: ['admin'],
    summary: 'Revenue, order, product and customer counts',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.dashboard.lowStock': {
    method: 'GET',
    path: '/admin/low-stock-products',
    protect: true,
    tags: ['admin'],
    summary: 'Active products at or below their minimum stock, fewest first',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.dashboard.recentOrders': {
    method: 'GET',
    path: '/admin/recent-orders',
    protect: true,
    tags: ['admin'],
    summary: 'The 5 newest orders',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.dashboard.sales': {
    method: 'GET',
    path: '/admin/dashboard/sales',
    protect: true,
    tags: ['admin'],
    summary: 'Revenue and orders per day, week or month, and the average order value',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.dashboard.topProducts': {
    method: 'GET',
    path: '/admin/dashboard/top-products',
    protect: true,
    tags: ['admin'],
    summary: 'The top 10 products by units and by revenue',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.products.list': {
    method: 'GET',
    path: '/admin/products',
    protect: true,
    tags: ['admin'],
    summary: 'One page of all products, searched, filtered by category and status, and sorted',
    paged: true,
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.products.get': {
    method: 'GET',
    path: '/admin/products/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'A product',
    statuses: [200, 400, 401, 403, 404],
    cache: 'no-store',
  },
  'admin.products.create': {
    method: 'POST',
    path: '/admin/products',
    protect: true,
    tags: ['admin'],
    summary: 'Create a product',
    statuses: [201, 400, 401, 403, 409, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.products.update': {
    method: 'PUT',
    path: '/admin/products/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Update a product',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.products.delete': {
    method: 'DELETE',
    path: '/admin/products/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Delete a product',
    statuses: [200, 400, 401, 403, 404, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.categories.list': {
    method: 'GET',
    path: '/admin/categories',
    protect: true,
    tags: ['admin'],
    summary: 'One page of all categories, by name unless sorted otherwise, searched and filtered by status',
    paged: true,
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.categories.get': {
    method: 'GET',
    path: '/admin/categories/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'A category',
    statuses: [200, 400, 401, 403, 404],
    cache: 'no-store',
  },
  'admin.categories.create': {
    method: 'POST',
    path: '/admin/categories',
    protect: true,
    tags: ['admin'],
    summary: 'Create a category',
    statuses: [201, 400, 401, 403, 409, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.categories.update': {
    method: 'PUT',
    path: '/admin/categories/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Update a category',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.categories.delete': {
    method: 'DELETE',
    path: '/admin/categories/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Delete a category that has no products',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.orders.list': {
    method: 'GET',
    path: '/admin/orders',
    protect: true,
    tags: ['admin'],
    summary:
      'One page of orders, newest first unless sorted otherwise, searched and filtered by status, payment status and day',
    paged: true,
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.orders.get': {
    method: 'GET',
    path: '/admin/orders/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'An order with its items',
    statuses: [200, 400, 401, 403, 404],
    cache: 'no-store',
  },
  'admin.orders.delete': {
    method: 'DELETE',
    path: '/admin/orders/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Delete an order',
    statuses: [200, 400, 401, 403, 404, 413, 415],
    cache: 'no-store',
    // Deleting an order leaves stock as it is (cancelling is what returns it).
    writesCatalog: false,
  },
  'admin.orders.updateStatus': {
    method: 'PATCH',
    path: '/admin/orders/{id}/status',
    protect: true,
    tags: ['admin'],
    summary: "Change an order's status (cancelling returns its items to stock)",
    statuses: [200, 400, 401, 403, 404, 409, 413, 415],
    cache: 'no-store',
    // Cancelling returns stock, leaving cancelled takes it again.
    writesCatalog: true,
    writesOnlyStock: true,
  },
  'admin.orders.activity': {
    method: 'GET',
    path: '/admin/orders/{id}/activity',
    protect: true,
    tags: ['admin'],
    summary: "An order's timeline (status changes, tracking, notes, payments and refunds, mails) and its mails",
    statuses: [200, 400, 401, 403, 404],
    cache: 'no-store',
  },
  'admin.orders.addNote': {
    method: 'POST',
    path: '/admin/orders/{id}/notes',
    protect: true,
    tags: ['admin'],
    summary: 'Add an internal note to an order (never shown to the buyer)',
    statuses: [201, 400, 401, 403, 404, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },
  'admin.orders.resendMail': {
    method: 'POST',
    path: '/admin/orders/{id}/mails/{mailId}/resend',
    protect: true,
    tags: ['admin'],
    summary: "Send one of an order's mails again",
    statuses: [200, 400, 401, 403, 404, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },
  'admin.orders.recordPayment': {
    method: 'POST',
    path: '/admin/orders/{id}/payments',
    protect: true,
    tags: ['admin'],
    summary:
      'Record a payment received or a refund made, with an amount and a note; the payment status follows (unpaid, paid, partially refunded, refunded)',
    statuses: [201, 400, 401, 403, 404, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },
  'admin.orders.refund': {
    method: 'POST',
    path: '/admin/orders/{id}/refunds',
    protect: true,
    tags: ['admin'],
    summary:
      "Refund part or all of a card order's payment through Stripe; the ledger records the refund once Stripe confirms it",
    // 503: Stripe could not be reached or refused the refund; nothing was recorded.
    statuses: [201, 400, 401, 403, 404, 413, 415, 503],
    cache: 'no-store',
    writesCatalog: false,
  },
  'admin.settings.get': {
    method: 'GET',
    path: '/admin/settings',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: "The shop's settings",
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.settings.update': {
    method: 'PUT',
    path: '/admin/settings',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: "Change the shop's settings",
    statuses: [200, 400, 401, 403, 413, 415],
    cache: 'no-store',
    // The shop's name and contact are a public read (GET /shop).
    writesCatalog: true,
  },
  'admin.settings.testMail': {
    method: 'POST',
    path: '/admin/settings/test-mail',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Send a test e-mail now and report what the mail server said',
    statuses: [200, 400, 401, 403, 413, 415, 429],
    cache: 'no-store',
    writesCatalog: false,
  },
  'admin.money.get': {
    method: 'GET',
    path: '/admin/settings/money',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: "The currency, the shop's country and whether prices include tax",
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.money.update': {
    method: 'PUT',
    path: '/admin/settings/money',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: "Change the currency, the shop's country and the price basis (quotes and the product page follow at once)",
    statuses: [200, 400, 401, 403, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.payments.get': {
    method: 'GET',
    path: '/admin/settings/payments',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary:
      'The payment methods (bank transfer, cash on delivery, pay on pickup, card through Stripe): enabled or not, with instructions, and whether card payments are set up',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.payments.update': {
    method: 'PUT',
    path: '/admin/settings/payments',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary:
      'Enable payment methods, in the order the checkout offers them, with the instructions the buyer is given, and when unpaid card orders are cancelled',
    statuses: [200, 400, 401, 403, 413, 415],
    cache: 'no-store',
    // The checkout reads the methods offered from GET /shop.
    writesCatalog: true,
  },
  'admin.shippingZones.list': {
    method: 'GET',
    path: '/admin/shipping-zones',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Every shipping zone with its methods',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.shippingZones.create': {
    method: 'POST',
    path: '/admin/shipping-zones',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Create a shipping zone with its methods',
    statuses: [201, 400, 401, 403, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.shippingZones.update': {
    method: 'PUT',
    path: '/admin/shipping-zones/{id}',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: "Replace a shipping zone's name, areas and methods",
    statuses: [200, 400, 401, 403, 404, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.shippingZones.delete': {
    method: 'DELETE',
    path: '/admin/shipping-zones/{id}',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Delete a shipping zone and its methods',
    statuses: [200, 400, 401, 403, 404, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.taxRates.list': {
    method: 'GET',
    path: '/admin/tax-rates',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Every tax rate',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.taxRates.create': {
    method: 'POST',
    path: '/admin/tax-rates',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Create a tax rate',
    statuses: [201, 400, 401, 403, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.taxRates.update': {
    method: 'PUT',
    path: '/admin/tax-rates/{id}',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Change a tax rate',
    statuses: [200, 400, 401, 403, 404, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.taxRates.delete': {
    method: 'DELETE',
    path: '/admin/tax-rates/{id}',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Delete a tax rate',
    statuses: [200, 400, 401, 403, 404, 413, 415],
    cache: 'no-store',
    writesCatalog: true,
  },
  'admin.discounts.list': {
    method: 'GET',
    path: '/admin/discounts',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Every discount code, newest first, with its uses so far',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.discounts.create': {
    method: 'POST',
    path: '/admin/discounts',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Create a discount code',
    statuses: [201, 400, 401, 403, 409, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },
  'admin.discounts.update': {
    method: 'PUT',
    path: '/admin/discounts/{id}',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Change or deactivate a discount code (its uses so far are kept)',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },
  'admin.testimonials.list': {
    method: 'GET',
    path: '/admin/testimonials',
    protect: true,
    tags: ['admin'],
    summary: 'One page of all testimonials, newest first unless sorted otherwise, searched and filtered',
    paged: true,
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.testimonials.create': {
    method: 'POST',
    path: '/admin/testimonials',
    protect: true,
    tags: ['admin'],
    summary: 'Create a testimonial',
    statuses: [201, 400, 401, 403, 413, 415],
    cache: 'no-store',
    // Featured testimonials are a cached public read.
    writesCatalog: true,
  },
  'admin.testimonials.update': {
    method: 'PUT',
    path: '/admin/testimonials/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Update a testimonial',
    statuses: [200, 400, 401, 403, 404, 413, 415],
    cache: 'no-store',
    // Featured testimonials are a cached public read.
    writesCatalog: true,
  },
  'admin.testimonials.delete': {
    method: 'DELETE',
    path: '/admin/testimonials/{id}',
    protect: true,
    tags: ['admin'],
    summary: 'Delete a testimonial',
    statuses: [200, 400, 401, 403, 404, 413, 415],
    cache: 'no-store',
    // Featured testimonials are a cached public read.
    writesCatalog: true,
  },
  'admin.admins.list': {
    method: 'GET',
    path: '/admin/admins',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Every admin of the shop, with role, state and two-factor',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.admins.create': {
    method: 'POST',
    path: '/admin/admins',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Invite an admin: a one-time set-password link by mail, or in the answer when no mail server is set',
    statuses: [201, 400, 401, 403, 409, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },
  'admin.admins.update': {
    method: 'PATCH',
    path: '/admin/admins/{id}',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: "Change an admin's role, or disable (ending their sessions) or re-enable them",
    statuses: [200, 400, 401, 403, 404, 409, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },
  'admin.admins.delete': {
    method: 'DELETE',
    path: '/admin/admins/{id}',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Delete an admin (not yourself, nor the last active owner)',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },
  'admin.accountPolicy.get': {
    method: 'GET',
    path: '/admin/account-policy',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Whether every admin must use two-factor sign-in',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  'admin.accountPolicy.update': {
    method: 'PUT',
    path: '/admin/account-policy',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Require two-factor sign-in of every admin, or not',
    statuses: [200, 400, 401, 403, 413, 415],
    cache: 'no-store',
    writesCatalog: false,
  },
  'admin.audit.list': {
    method: 'GET',
    path: '/admin/audit-log',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'One page of the audit log, newest first, filtered by admin, entity and day',
    paged: true,
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
} as const satisfies Record<string, RouteDef>

export type ProcedurePath = keyof typeof routes

/** Plain HTTP routes outside tRPC (multipart upload, binary PDF, CSV exports and import, health). */
export const rawRoutes = {
  upload: {
    method: 'POST',
    path: '/admin/upload',
    protect: true,
    tags: ['admin'],
    summary: 'Upload product images (multipart/form-data)',
    // A body that is not multipart is a 400 with its own message, not a 415.
    statuses: [201, 400, 401, 403, 413],
    cache: 'no-store',
    // An uploaded image is only a file until a product or category that names it is saved.
    writesCatalog: false,
  },
  productsExport: {
    method: 'GET',
    path: '/admin/products/export',
    protect: true,
    tags: ['admin'],
    summary: 'Every product the filters of the products list match, as CSV (one row per variant)',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  productsImport: {
    method: 'POST',
    path: '/admin/products/import',
    protect: true,
    tags: ['admin'],
    summary: 'Import products from CSV (multipart/form-data): a dry run, or apply it in one transaction',
    // A body that is not multipart is a 400 with its own message, not a 415.
    statuses: [200, 400, 401, 403, 413],
    cache: 'no-store',
    // An apply creates and updates products; a dry run empties the cache too, which costs only a refill.
    writesCatalog: true,
  },
  invoice: {
    method: 'GET',
    path: '/admin/orders/{id}/invoice',
    protect: true,
    tags: ['admin'],
    summary: "An order's invoice as a PDF",
    statuses: [200, 400, 401, 403, 404],
    cache: 'no-store',
  },
  ordersExport: {
    method: 'GET',
    path: '/admin/orders/export',
    protect: true,
    owner: true,
    tags: ['admin'],
    summary: 'Every order matching the filters of the orders list, one CSV row per order line',
    statuses: [200, 400, 401, 403],
    cache: 'no-store',
  },
  stripeWebhook: {
    method: 'POST',
    path: '/stripe/webhook',
    tags: ['payments'],
    summary:
      "Stripe's events (signed with the endpoint's secret): a card payment, an expired checkout, a declined card, a refund",
    // 400: a missing, wrong or stale signature, or a body that is not an event; 413: above 1 MB.
    statuses: [200, 400, 413],
    cache: 'no-store',
    // An expired checkout cancels its order, which returns its stock.
    writesCatalog: true,
  },
  health: {
    method: 'GET',
    path: '/health',
    tags: ['shop'],
    summary: 'Health check: 200 only when the database answers',
    statuses: [200, 400, 503],
    // A load balancer must see the database's state now, not a copy.
    cache: 'no-store',
  },
} as const satisfies Record<string, RouteDef>

export type RawRouteName = keyof typeof rawRoutes

/** The success status of a route: 201 for a create, else 200. */
export function successStatus(route: RouteDef): 200 | 201 {
  return route.statuses.includes(201) ? 201 : 200
}

/** Fills `{name}` segments of a route path: fillPath('/products/{id}', { id: 3 }) -> '/products/3'. */
export function fillPath(path: string, params: Record<string, unknown>): { path: string; used: Set<string> } {
  const used = new Set<string>()
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    used.add(name)
    return encodeURIComponent(String(params[name]))
  })
  return { path: filled, used }
}
