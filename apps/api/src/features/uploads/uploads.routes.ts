import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import fastifyMultipart from '@fastify/multipart'
import { API_PREFIX, rawRoutes } from '@shop/schema/routes'
import {
  UPLOAD_FIELD,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MESSAGES,
  type UploadResult,
} from '@shop/schema/uploads'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../lib/app-error'
import { detectImageType, IMAGE_EXTENSIONS } from './image-type'

/**
 * POST /api/admin/upload: images in the multipart field `images`. The type is read from the bytes, never from
 * the name or the declared type; files get generated names, so nothing the client sends reaches a path. All
 * files are checked before any is written: a refused upload leaves nothing behind.
 */
// Room for the allowed files plus multipart framing.
const UPLOAD_BODY_LIMIT = (UPLOAD_MAX_FILES + 1) * UPLOAD_MAX_FILE_BYTES

export async function uploadsRoutes(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: UPLOAD_MAX_FILE_BYTES,
      // One more than allowed, so "too many" is seen and answered with its own message.
      files: UPLOAD_MAX_FILES + 1,
      fields: 10,
      parts: UPLOAD_MAX_FILES + 11,
      fieldSize: 1024,
    },
  })

  app.post(`${API_PREFIX}${rawRoutes.upload.path}`, { bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the images as multipart/form-data')
    const files: Array<{ name: string; bytes: Buffer }> = []
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue
      if (part.fieldname !== UPLOAD_FIELD) {
        part.file.resume()
        throw new AppError('BAD_REQUEST', `Send the images in the field '${UPLOAD_FIELD}'`)
      }
      if (files.length === UPLOAD_MAX_FILES) {
        part.file.resume()
        throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.tooMany)
      }
      let bytes: Buffer
      try {
        bytes = await part.toBuffer()
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge)
        }
        throw error
      }
      const type = detectImageType(bytes.subarray(0, 16))
      if (!type) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.badType)
      files.push({ name: `${randomUUID()}${IMAGE_EXTENSIONS[type]}`, bytes })
    }
    if (files.length === 0) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.none)

    const { uploadsDir } = app.deps.config
    const written: string[] = []
    try {
      for (const file of files) {
        const target = path.join(uploadsDir, file.name)
        await fs.writeFile(target, file.bytes, { flag: 'wx' })
        written.push(target)
      }
    } catch (error) {
      await Promise.all(written.map((target) => fs.rm(target, { force: true })))
      throw error
    }
    const result: UploadResult = { urls: files.map((file) => `/uploads/${file.name}`) }
    return reply.code(201).send(result)
  })
}
