import { randomUUID } from 'node:crypto'
import fastifyMultipart from '@fastify/multipart'
import { API_PREFIX, rawRoutes } from '@shop/schema/routes'
import {
  UPLOAD_FIELD,
  UPLOAD_FORM_MESSAGES,
  UPLOAD_MAX_FIELDS,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MESSAGES,
  type UploadMimeType,
  type UploadResult,
} from '@shop/schema/uploads'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../lib/app-error'
import { actorOf, audit } from '../../lib/audit'
import { readParts } from '../../lib/multipart'
import { requireAdmin } from '../../lib/request-admin'
import { detectImageType, IMAGE_EXTENSIONS } from './image-type'
import { type ProcessedImage, processImage } from './reencode-image'
import { removeStored, type StoredImage, storeImage } from './store-image'

/**
 * POST /api/admin/upload: images in the multipart field `images`. The type is read from the bytes, never from
 * the name or the declared type; every image is decoded and encoded again (reencode-image.ts), so only its pixels
 * are stored, with AVIF and WebP renditions; files get generated names that say the image's size and colour
 * (@shop/schema/images), so nothing the client sends reaches a path. All files are checked and processed before
 * any is written: a refused upload leaves nothing behind.
 */
// Room for the allowed files plus multipart framing.
const UPLOAD_BODY_LIMIT = (UPLOAD_MAX_FILES + 1) * UPLOAD_MAX_FILE_BYTES

interface ReceivedImage {
  type: UploadMimeType
  bytes: Buffer
  /** The file's name as the client sent it: for the audit log only, never for a path. */
  name: string
}

/** A client's file name as the audit log keeps it: printable, and not longer than a name needs to be. */
const MAX_LOGGED_NAME = 200
function loggedName(name: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const printable = (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '')
  return printable.length > MAX_LOGGED_NAME ? `${printable.slice(0, MAX_LOGGED_NAME)}…` : printable
}

/** Whether the error says which HTTP status it is (@fastify/multipart's errors do; errors.ts words them). */
function hasHttpStatus(error: unknown): boolean {
  return error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number'
}

/**
 * busboy reports a malformed body with plain Errors, which would answer 500: 'Multipart: Boundary not found' and
 * "The needle cannot be an empty String/Buffer." or "...a length bigger than 256." for a missing, empty or
 * over-long boundary; 'Unexpected end of multipart data' and 'Part terminated early...' for a body that stops
 * before its closing boundary (or a connection that drops). All of them describe the client's bytes: 400.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError || hasHttpStatus(error)) return error
  const message = error instanceof Error ? error.message : ''
  const isBoundary = /boundary|needle/i.test(message)
  const clientError = new AppError(
    'BAD_REQUEST',
    isBoundary ? UPLOAD_FORM_MESSAGES.badBoundary : UPLOAD_FORM_MESSAGES.incomplete,
  )
  clientError.cause = error
  return clientError
}

/** The images of the form, each checked by its magic bytes; refuses the form at the first file that is wrong. */
async function receiveImages(request: FastifyRequest): Promise<ReceivedImage[]> {
  const images: ReceivedImage[] = []
  for await (const part of readParts(request, asClientError)) {
    if (part.type !== 'file') continue
    if (part.fieldname !== UPLOAD_FIELD) {
      part.file.resume()
      throw new AppError('BAD_REQUEST', UPLOAD_FORM_MESSAGES.wrongField)
    }
    if (images.length === UPLOAD_MAX_FILES) {
      part.file.resume()
      throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.tooMany)
    }
    let bytes: Buffer
    try {
      bytes = await part.toBuffer()
    } catch (error) {
      // A file over the size limit is @fastify/multipart's RequestFileTooLargeError: errors.ts answers 413.
      throw asClientError(error)
    }
    const type = detectImageType(bytes.subarray(0, 16))
    if (!type) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.badType)
    images.push({ type, bytes, name: loggedName(part.filename) })
  }
  return images
}

export async function uploadsRoutes(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: UPLOAD_MAX_FILE_BYTES,
      // One more than allowed, so "too many" is seen and answered with its own message.
      files: UPLOAD_MAX_FILES + 1,
      fields: UPLOAD_MAX_FIELDS,
      parts: UPLOAD_MAX_FILES + UPLOAD_MAX_FIELDS + 1,
      fieldSize: 1024,
    },
  })

  // In this scope only: any body but multipart/form-data (none, multipart/mixed, a bare file) is told what to
  // send, instead of the JSON routes' "send JSON". JSON and plain text reach the handler, which says the same.
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new AppError('BAD_REQUEST', UPLOAD_FORM_MESSAGES.notMultipart))
  })

  app.post(`${API_PREFIX}${rawRoutes.upload.path}`, { bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply) => {
    const admin = requireAdmin(request, rawRoutes.upload)
    if (!request.isMultipart()) throw new AppError('BAD_REQUEST', UPLOAD_FORM_MESSAGES.notMultipart)
    const received = await receiveImages(request)
    if (received.length === 0) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.none)

    // One image at a time: decoding one can take a few hundred MB and a libuv thread for seconds, and ten at once
    // from one request would take every thread the server has. Its renditions are encoded side by side.
    const processed: Array<{ extension: string; image: ProcessedImage }> = []
    for (const image of received) {
      try {
        processed.push({ extension: IMAGE_EXTENSIONS[image.type], image: await processImage(image.bytes, image.type) })
      } catch (error) {
        if (error instanceof AppError && error.cause) request.log.info({ err: error.cause }, 'image refused')
        throw error
      }
    }

    const { uploadsDir } = app.deps.config
    const stored: StoredImage[] = []
    try {
      for (const { extension, image } of processed)
        stored.push(await storeImage(uploadsDir, randomUUID(), extension, image))
    } catch (error) {
      await removeStored(stored)
      throw error
    }
    // No record names the images yet: the product, category or testimonial that takes a URL records it in its
    // own entry.
    try {
      await audit(app.deps.db, actorOf(admin, request.ip), {
        action: 'uploaded',
        entity: 'upload',
        // By stored URL, each with its name as sent and its size (an object: a list of two would read as before
        // and after on the Audit Log screen).
        changes: {
          files: Object.fromEntries(
            received.map((image, index) => [stored[index]?.url, { name: image.name, bytes: image.bytes.length }]),
          ),
        },
      })
    } catch (error) {
      await removeStored(stored)
      throw error
    }
    const result: UploadResult = { urls: stored.map((image) => image.url) }
    return reply.code(201).send(result)
  })
}
