import { API_PREFIX, rawRoutes } from '@shop/schema/routes'
import {
  UPLOAD_FIELD,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MESSAGES,
  UPLOAD_MIME_TYPES,
  type UploadResult,
} from '@shop/schema/uploads'
import { ADMIN_TOKEN_KEY } from '../../lib/rest-link'

/** A file the browser can tell is wrong before sending (spec point 5 and 8: title and text of the toast). */
export interface UploadProblem {
  title: 'Too many files' | 'Invalid file type' | 'File too large'
  message: string
}

export function checkFiles(files: File[], maxFiles = UPLOAD_MAX_FILES): UploadProblem | undefined {
  if (files.length > maxFiles) return { title: 'Too many files', message: UPLOAD_MESSAGES.tooMany }
  if (files.some((file) => !(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type))) {
    return { title: 'Invalid file type', message: UPLOAD_MESSAGES.badType }
  }
  if (files.some((file) => file.size > UPLOAD_MAX_FILE_BYTES)) {
    return { title: 'File too large', message: UPLOAD_MESSAGES.tooLarge }
  }
  return undefined
}

/**
 * Sends images to POST /api/admin/upload (multipart, field `images`) with the session cookie and the Bearer
 * token; resolves with the URLs of the stored files. A refusal rejects with `${status}: ${body}` (spec point 8),
 * the body carrying the server's message.
 */
export async function uploadImages(files: File[]): Promise<string[]> {
  const body = new FormData()
  for (const file of files) body.append(UPLOAD_FIELD, file)
  const headers: Record<string, string> = {}
  const token = localStorage.getItem(ADMIN_TOKEN_KEY)
  if (token) headers.authorization = `Bearer ${token}`
  const response = await fetch(`${API_PREFIX}${rawRoutes.upload.path}`, {
    method: 'POST',
    body,
    headers,
    credentials: 'include',
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${response.status}: ${text || response.statusText}`)
  return (JSON.parse(text) as UploadResult).urls
}

/** The server's own message inside an upload error, for the toast. */
export function uploadErrorMessage(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message.replace(/^\d+: /, '') : ''
  try {
    const body = JSON.parse(text) as { message?: unknown }
    return typeof body.message === 'string' ? body.message : undefined
  } catch {
    return undefined
  }
}
