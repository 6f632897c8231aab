import fastifyMultipart from '@fastify/multipart'
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_FIELD,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_CSV_MESSAGES,
  PRODUCT_IMPORT_MODE_FIELD,
  type ProductImportMode,
  productCsvFilename,
  ZProductExportInput,
  ZProductImportMode,
} from '@shop/schema/products-csv'
import { API_PREFIX, rawRoutes } from '@shop/schema/routes'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../lib/app-error'
import { actorOf } from '../../lib/audit'
import { sendCsv } from '../../lib/csv'
import { errorBody } from '../../lib/error-body'
import { readParts } from '../../lib/multipart'
import { requireAdmin } from '../../lib/request-admin'
import { fileError, ProductCsvRefusal } from './product-csv'
import { importProductCsv, productExportRows } from './products-csv.service'

/**
 * GET /api/admin/products/export (the CSV of the products list's filters, streamed) and POST
 * /api/admin/products/import (multipart: the CSV in `file`, `mode` dry-run or apply). The auth hook guards both;
 * a successful import empties the catalog cache of every process (the route is marked `writesCatalog`).
 */

// The form around the file: its boundaries, headers and the mode field.
const FORM_OVERHEAD_BYTES = 64 * 1024
const IMPORT_BODY_LIMIT = PRODUCT_CSV_MAX_BYTES + FORM_OVERHEAD_BYTES

/** @fastify/multipart's complaints about the form (errors.ts words them for the image upload), for the CSV. */
function formError(error: unknown): unknown {
  if (error instanceof AppError || error instanceof ProductCsvRefusal) return error
  const code = (error as Partial<FastifyError> | null)?.code
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new ProductCsvRefusal(413, [{ line: null, column: null, message: PRODUCT_CSV_MESSAGES.tooLarge }])
  if (code === 'FST_FILES_LIMIT') return fileError(PRODUCT_CSV_MESSAGES.tooManyFiles)
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return fileError(PRODUCT_CSV_MESSAGES.wrongField)
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return fileError(PRODUCT_CSV_MESSAGES.notMultipart)
  // busboy's plain Errors (a missing or broken boundary, a body that stops early) describe the client's bytes.
  if (!code || code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_PROTO_VIOLATION') {
    const refusal = fileError(PRODUCT_CSV_MESSAGES.incomplete)
    refusal.cause = error
    return refusal
  }
  return error
}

/** The file and the mode of the form; refuses a form with another field, two files, or none. */
async function receiveForm(request: FastifyRequest): Promise<{ file: Buffer; mode: ProductImportMode }> {
  let file: Buffer | undefined
  let mode: unknown
  for await (const part of readParts(request, formError)) {
    if (part.type === 'field') {
      if (part.fieldname !== PRODUCT_IMPORT_MODE_FIELD) throw fileError(PRODUCT_CSV_MESSAGES.wrongField)
      mode = part.value
      continue
    }
    if (part.fieldname !== PRODUCT_CSV_FIELD || file !== undefined) {
      part.file.resume()
      throw fileError(file === undefined ? PRODUCT_CSV_MESSAGES.wrongField : PRODUCT_CSV_MESSAGES.tooManyFiles)
    }
    try {
      file = await part.toBuffer()
    } catch (error) {
      throw formError(error)
    }
  }
  const parsedMode = ZProductImportMode.safeParse(mode)
  if (!parsedMode.success) throw fileError(parsedMode.error.issues[0]?.message ?? 'Invalid mode')
  if (file === undefined) throw fileError(PRODUCT_CSV_MESSAGES.noFile)
  return { file, mode: parsedMode.data }
}

function sendRefusal(reply: FastifyReply, refusal: ProductCsvRefusal) {
  return reply.code(refusal.status).send({ ...errorBody(refusal.status, refusal.message), ...refusal.report })
}

export async function productsCsvRoutes(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: PRODUCT_CSV_MAX_BYTES,
      // One more than allowed, so a second file is seen and answered with its own message.
      files: 2,
      fields: 1,
      parts: 3,
      fieldSize: 100,
    },
  })

  // In this scope, a refusal answers the API's error fields with the report (its errors by line and column);
  // anything else goes to the app's handler.
  const appErrorHandler = app.errorHandler
  app.setErrorHandler(function (error, request, reply) {
    if (error instanceof ProductCsvRefusal) return sendRefusal(reply, error)
    return appErrorHandler.call(this, error, request, reply)
  })

  // Any body but multipart/form-data is told what to send, instead of the JSON routes' "send JSON".
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(fileError(PRODUCT_CSV_MESSAGES.notMultipart))
  })

  app.get(`${API_PREFIX}${rawRoutes.productsExport.path}`, async (request, reply) => {
    requireAdmin(request, rawRoutes.productsExport)
    const input = ZProductExportInput.safeParse(request.query)
    if (!input.success) throw new AppError('BAD_REQUEST', input.error.issues[0]?.message ?? 'Invalid filters')
    return sendCsv(reply, productCsvFilename(), PRODUCT_CSV_COLUMNS, productExportRows(app.deps.db, input.data))
  })

  app.post(
    `${API_PREFIX}${rawRoutes.productsImport.path}`,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // A body that says it is larger than the limit is refused before a byte of it is read.
      onRequest: async (request) => {
        if (Number(request.headers['content-length']) > IMPORT_BODY_LIMIT) {
          throw new ProductCsvRefusal(413, [{ line: null, column: null, message: PRODUCT_CSV_MESSAGES.tooLarge }])
        }
      },
    },
    async (request) => {
      const admin = requireAdmin(request, rawRoutes.productsImport)
      if (!request.isMultipart()) throw fileError(PRODUCT_CSV_MESSAGES.notMultipart)
      const { file, mode } = await receiveForm(request)
      return importProductCsv(app.deps.db, file, mode, actorOf(admin, request.ip))
    },
  )
}
