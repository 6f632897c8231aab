import { ZIdInput } from '@shop/schema/common'
import { ZAdminOrderExportInput } from '@shop/schema/orders'
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_FIELD,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_IMPORT_MODE_FIELD,
  PRODUCT_IMPORT_MODES,
  ZProductExportInput,
  ZProductImportRefusal,
  ZProductImportResult,
} from '@shop/schema/products-csv'
import { rawRoutes } from '@shop/schema/routes'
import {
  UPLOAD_FIELD,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MIME_TYPES,
  ZUploadResult,
} from '@shop/schema/uploads'
import { z } from 'zod'
import type { ZodOpenApiPathsObject } from 'zod-openapi'

const MEGABYTE = 1024 * 1024

/**
 * The plain Fastify routes (features/uploads, features/invoices, the orders export, the products CSV,
 * features/health), which trpc-to-openapi cannot see: their requests, successes and any error answer of their own.
 * openapi.ts adds the other error answers and the security from the route table, as for the procedures.
 */
/** The 200 answer of a CSV export: a download named `<name>-<YYYY-MM-DD>.csv` (lib/csv.ts sendCsv). */
function csvDownload(name: string, description: string) {
  return {
    description: `${description} (\`${name}-<YYYY-MM-DD>.csv\`)`,
    headers: {
      'Content-Disposition': {
        description: `attachment; filename="${name}-<YYYY-MM-DD>.csv"`,
        schema: { type: 'string' as const },
      },
    },
    content: { 'text/csv': { schema: { type: 'string' as const } } },
  }
}

export function plainRoutePaths(): ZodOpenApiPathsObject {
  const { upload, invoice, ordersExport, health, productsExport, productsImport, stripeWebhook } = rawRoutes
  const refusal = (description: string) => ({
    description,
    content: { 'application/json': { schema: ZProductImportRefusal } },
  })
  return {
    [productsExport.path]: {
      get: {
        operationId: 'productsExport',
        summary: productsExport.summary,
        tags: [...productsExport.tags],
        description:
          'The filters and sort of `GET /api/admin/products`, every page. RFC 4180, UTF-8 with a byte order mark, ' +
          `a header row: ${PRODUCT_CSV_COLUMNS.join(', ')}. Amounts are plain decimals; yes/no columns are ` +
          '`true` or `false`; `image_urls` are separated by spaces. Text a spreadsheet would run as a formula ' +
          'starts with an apostrophe.',
        requestParams: { query: ZProductExportInput },
        responses: { 200: csvDownload('products', 'The products as a CSV download, streamed') },
      },
    },
    [productsImport.path]: {
      post: {
        operationId: 'productsImport',
        summary: productsImport.summary,
        tags: [...productsImport.tags],
        description:
          `The CSV of the export (at most ${PRODUCT_CSV_MAX_BYTES / MEGABYTE} MB, UTF-8) in the field ` +
          `\`${PRODUCT_CSV_FIELD}\`, and \`${PRODUCT_IMPORT_MODE_FIELD}\`: \`dry-run\` answers what each row would ` +
          'do (create, update by SKU, unchanged) and every error with its line (the header is line 1) and column; ' +
          '`apply` makes the same checks and writes every product in one transaction, or nothing if there is any ' +
          'error. Products the file does not name are left alone.',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  [PRODUCT_CSV_FIELD]: { type: 'string', format: 'binary' },
                  [PRODUCT_IMPORT_MODE_FIELD]: { type: 'string', enum: [...PRODUCT_IMPORT_MODES] },
                },
                required: [PRODUCT_CSV_FIELD, PRODUCT_IMPORT_MODE_FIELD],
              },
              encoding: { [PRODUCT_CSV_FIELD]: { contentType: 'text/csv' } },
            },
          },
        },
        responses: {
          200: {
            description: 'What the import does (dry run) or did (apply), row by row',
            content: { 'application/json': { schema: ZProductImportResult } },
          },
          400: refusal(
            'Nothing was imported: the form or the file cannot be read (not UTF-8, a column missing, a quote left ' +
              'open), or, for an apply, the file has errors; `errors` lists each with its line and column',
          ),
          413: refusal(`The file is larger than ${PRODUCT_CSV_MAX_BYTES / MEGABYTE} MB; nothing was imported`),
        },
      },
    },
    [upload.path]: {
      post: {
        operationId: 'upload',
        summary: upload.summary,
        tags: [...upload.tags],
        description:
          `Up to ${UPLOAD_MAX_FILES} images in the field \`${UPLOAD_FIELD}\`, each at most ` +
          `${UPLOAD_MAX_FILE_BYTES / MEGABYTE} MB and a JPG, PNG, WebP or GIF (read from its bytes, not its name). ` +
          'All are checked before any is stored: a refused upload stores nothing.',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  [UPLOAD_FIELD]: {
                    type: 'array',
                    items: { type: 'string', format: 'binary' },
                    minItems: 1,
                    maxItems: UPLOAD_MAX_FILES,
                  },
                },
                required: [UPLOAD_FIELD],
              },
              encoding: { [UPLOAD_FIELD]: { contentType: UPLOAD_MIME_TYPES.join(', ') } },
            },
          },
        },
        responses: {
          201: {
            description: 'The images are stored; their URLs, in the order sent',
            content: { 'application/json': { schema: ZUploadResult } },
          },
        },
      },
    },
    [invoice.path]: {
      get: {
        operationId: 'invoice',
        summary: invoice.summary,
        tags: [...invoice.tags],
        requestParams: { path: ZIdInput },
        responses: {
          200: {
            description: 'The invoice, to show inline or save (`invoice-<order number>.pdf`)',
            headers: {
              'Content-Disposition': {
                description: 'inline; filename="invoice-<order number>.pdf"',
                schema: { type: 'string' },
              },
            },
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    [ordersExport.path]: {
      get: {
        operationId: 'ordersExport',
        summary: ordersExport.summary,
        tags: [...ordersExport.tags],
        description:
          'The filters and sort of `GET /api/admin/orders`, without paging: every matching order, one row per order ' +
          "line with the order's fields repeated. RFC 4180 in UTF-8 with a byte order mark; amounts are plain " +
          'decimals ("1234.50"), times ISO-8601 (UTC); text a spreadsheet would run as a formula starts with `\'`.',
        requestParams: { query: ZAdminOrderExportInput },
        responses: { 200: csvDownload('orders', 'The orders as a CSV download, streamed') },
      },
    },
    [stripeWebhook.path]: {
      post: {
        operationId: 'stripeWebhook',
        summary: stripeWebhook.summary,
        tags: [...stripeWebhook.tags],
        description:
          "For Stripe only: register `<PUBLIC_URL>/api/stripe/webhook` as the endpoint of the shop's Stripe account. " +
          'The body is a Stripe event (JSON, at most 1 MB) signed in the `Stripe-Signature` header with the ' +
          "endpoint's secret (STRIPE_WEBHOOK_SECRET); a signature more than 5 minutes old is refused. Each event is " +
          'taken once: a repeated delivery answers 200 and changes nothing. Events for orders the shop does not ' +
          'have, and types it does not act on, answer 200 and are ignored.',
        requestParams: {
          header: z.object({
            'stripe-signature': z.string().meta({ description: 't=<unix seconds>,v1=<HMAC-SHA256 hex>' }),
          }),
        },
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event' } } },
        },
        responses: {
          200: {
            description: 'The event was taken (or had been already)',
            content: {
              'application/json': {
                schema: z.object({
                  received: z.literal(true),
                  outcome: z.enum(['handled', 'duplicate', 'ignored', 'unknown_order']),
                }),
              },
            },
          },
        },
      },
    },
    [health.path]: {
      get: {
        operationId: 'health',
        summary: health.summary,
        tags: [...health.tags],
        responses: {
          200: {
            description: 'The database answers',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { status: { type: 'string', const: 'ok' } },
                  required: ['status'],
                },
              },
            },
          },
          // The API's error fields, with the status a monitor reads.
          503: {
            description: 'The database does not answer',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    status: { type: 'string', const: 'down' },
                    message: { type: 'string' },
                    code: { type: 'string', const: 'SERVICE_UNAVAILABLE' },
                  },
                  required: ['status', 'message', 'code'],
                },
              },
            },
          },
        },
      },
    },
  }
}
