import { ZApiError } from '@shop/schema/common'
import { API_PREFIX, type HttpStatus, type RouteDef, rawRoutes, routes, successStatus } from '@shop/schema/routes'
import { generateOpenApiDocument } from 'trpc-to-openapi'
import type { oas31 } from 'zod-openapi'
import { appRouter } from './app-router'
import { SESSION_COOKIE } from './lib/session-cookie'
import { plainRoutePaths } from './trpc/openapi-plain-routes'

export type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>
type ErrorStatus = Exclude<HttpStatus, 200 | 201 | 304> | 500

const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer' },
  cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
} satisfies Record<string, oas31.SecuritySchemeObject>

// Either scheme is enough: OpenAPI reads the entries of `security` as alternatives.
const ADMIN_SECURITY: oas31.SecurityRequirementObject[] = Object.keys(SECURITY_SCHEMES).map((name) => ({
  [name]: [],
}))

const RETRY_AFTER: oas31.HeaderObject = {
  description: 'Seconds to wait before trying again',
  schema: { type: 'integer', minimum: 1 },
}

/** One shared response per error status, each with the body every error of the API has. */
const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string; headers?: oas31.HeadersObject }> = {
  400: {
    name: 'BadRequest',
    description:
      'The request is invalid: its input (each problem in `issues`), a body that is not valid JSON, or a NUL ' +
      '(`%00`) in the URL, which no request may carry',
  },
  401: { name: 'Unauthorized', description: 'No valid session; on login, a wrong username or password' },
  403: {
    name: 'Forbidden',
    description:
      'The session is valid but not allowed here: an owner-only operation called by staff, or any back-office ' +
      'operation while the shop requires two-factor sign-in of an admin who has not turned it on',
  },
  404: { name: 'NotFound', description: 'Nothing with this id or slug' },
  409: {
    name: 'Conflict',
    description:
      'The change conflicts with the data: a slug or SKU already taken, a category that still has products, or ' +
      'not enough stock',
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body is too large: JSON over 100 kB, or an upload over its limits',
  },
  415: { name: 'UnsupportedMediaType', description: 'The body is not JSON (`Content-Type: application/json`)' },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts from this client',
    headers: { 'Retry-After': { ...RETRY_AFTER, required: true } },
  },
  500: { name: 'InternalServerError', description: 'An unexpected failure; the answer never tells its details' },
  503: {
    name: 'ServiceUnavailable',
    description: 'The server is busy: too many passwords are being checked at once',
    headers: { 'Retry-After': { ...RETRY_AFTER, required: true } },
  },
}

const ETAG: oas31.HeaderObject = {
  description: 'Strong validator of the answer, for If-None-Match',
  schema: { type: 'string' },
}

const NOT_MODIFIED = {
  name: 'NotModified',
  response: {
    description: 'The answer has not changed since the ETag sent in If-None-Match',
    headers: { ETag: ETAG },
  } satisfies oas31.ResponseObject,
}

const GENERATED_DESCRIPTION = 'Successful response'

const METHODS = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const

function isErrorStatus(status: HttpStatus): status is Exclude<HttpStatus, 200 | 201 | 304> {
  return status >= 400
}

/** What every paged list answers besides its page (lib/paging.ts). */
const PAGE_HEADERS: oas31.HeadersObject = {
  'X-Total-Count': {
    description: 'How many rows match the call in all, on every page.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  Link: {
    description:
      'The first, previous, next and last pages (RFC 8288), each keeping the filters: `</api/admin/orders?status=pending&page=2&pageSize=50>; rel="next"`.',
    required: true,
    schema: { type: 'string' },
  },
}

/**
 * Rewrites each operation's responses and security from the route table, the one source of what the server
 * answers: trpc-to-openapi documents every success as 200, adds 401 and 403 for protected procedures (the server
 * never answers 403), knows nothing of 409, 413, 415 or 429, and leaves public operations without `security`.
 */
function documentRoutes(
  document: OpenApiDocument,
  table: Record<string, RouteDef>,
  plainRouteNames: ReadonlySet<string>,
): void {
  const used = new Set<ErrorStatus>()
  let isNotModifiedUsed = false
  for (const [name, route] of Object.entries(table)) {
    const operation = document.paths?.[route.path]?.[METHODS[route.method]]
    if (!operation) throw new Error(`The OpenAPI document has no operation ${route.method} ${route.path} (${name})`)
    const success = successStatus(route)
    const generated: oas31.ResponseObject | oas31.ReferenceObject | undefined =
      operation.responses?.[200] ?? operation.responses?.[success]
    const isCached = route.statuses.includes(304)
    const described = generated && !('$ref' in generated) ? generated : undefined
    const responses: oas31.ResponsesObject = {
      [success]: {
        ...described,
        // The generator's default says nothing a 200 does not; a plain route's own description stays.
        description:
          described && described.description !== GENERATED_DESCRIPTION
            ? described.description
            : success === 201
              ? 'Created'
              : GENERATED_DESCRIPTION,
        ...(isCached ? { headers: { ETag: ETAG } } : {}),
        ...(route.method === 'GET' && route.paged ? { headers: PAGE_HEADERS } : {}),
      },
    }
    if (isCached) {
      responses[304] = { $ref: `#/components/responses/${NOT_MODIFIED.name}` }
      isNotModifiedUsed = true
    }
    for (const status of [...route.statuses.filter(isErrorStatus), 500 as const]) {
      // A plain route may describe an error answer of its own (the health check's 503); the generator's are replaced.
      const own = plainRouteNames.has(name) ? operation.responses?.[status] : undefined
      if (own) {
        responses[status] = own
        continue
      }
      responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` }
      used.add(status)
    }
    operation.responses = responses
    // An empty list says the operation needs no session, rather than leaving it unsaid.
    operation.security = route.protect ? ADMIN_SECURITY : []
  }

  const components = document.components ?? {}
  document.components = components
  components.responses = {
    ...(isNotModifiedUsed ? { [NOT_MODIFIED.name]: NOT_MODIFIED.response } : {}),
    ...Object.fromEntries(
      [...used]
        .sort((a, b) => a - b)
        .map((status) => {
          const { name, description, headers } = ERROR_RESPONSES[status]
          const content = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } }
          return [name, { description, ...(headers ? { headers } : {}), content }]
        }),
    ),
  }
  // The generator's own error schemas ({ message, code, issues: [{ message }] }) are not the shape the server
  // answers; ApiError is.
  for (const key of Object.keys(components.schemas ?? {})) {
    if (key.startsWith('error.')) delete components.schemas?.[key]
  }
}

const DESCRIPTION = [
  'REST API of the shop. Admin paths need a session: the httpOnly cookie set by POST /api/auth/login, or',
  '`Authorization: Bearer <token>` with the token it returns. Money is a decimal string with 2 places; dates are',
  'ISO-8601. Request bodies are JSON of at most 100 kB, except the image upload and the products CSV import',
  '(multipart/form-data).',
  'Errors answer `{ message, code, issues? }` (ApiError); each operation lists every status it answers, and any',
  'may answer 500. Public catalog reads carry an ETag and answer 304 to a matching If-None-Match; login,',
  'forgot-password, the order look-up and unknown discount codes (in quotes and orders) are rate limited per',
  'client (429 with Retry-After). Besides the tRPC procedures, the document lists the',
  'plain routes: the image upload, the PDF invoice, the orders CSV export, the products CSV export and import,',
  "Stripe's webhook and the health check.",
].join(' ')

export function buildOpenApiDocument(options: { title: string; baseUrl: string }): OpenApiDocument {
  const document = generateOpenApiDocument(appRouter, {
    title: `${options.title} API`,
    description: DESCRIPTION,
    version: '1.0.0',
    baseUrl: `${options.baseUrl}${API_PREFIX}`,
    securitySchemes: SECURITY_SCHEMES,
    paths: plainRoutePaths(),
    defs: { ApiError: ZApiError },
  })
  documentRoutes(document, { ...routes, ...rawRoutes }, new Set(Object.keys(rawRoutes)))
  return document
}
