import { API_PREFIX } from '@shop/schema/routes'
import { generateOpenApiDocument } from 'trpc-to-openapi'
import { appRouter } from './app-router'

export function buildOpenApiDocument(options: { title: string; baseUrl: string }) {
  return generateOpenApiDocument(appRouter, {
    title: `${options.title} API`,
    description:
      'REST API of the shop. Admin paths need a session: the httpOnly cookie set by POST /api/auth/login, or ' +
      '`Authorization: Bearer <token>` with the token it returns. Money is a decimal string with 2 places; dates ' +
      'are ISO-8601. Errors answer `{ message, code, issues? }`. Not listed here: `POST /api/admin/upload` ' +
      '(multipart, field `images`, answers `{ urls }`), `GET /api/admin/orders/{id}/invoice` (application/pdf) and ' +
      '`GET /api/health`.',
    version: '1.0.0',
    baseUrl: `${options.baseUrl}${API_PREFIX}`,
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer' },
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'shop_session' },
    },
  })
}
