import { API_PREFIX, rawRoutes } from '@shop/schema/routes'
import {
  UPLOAD_FIELD,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MESSAGES,
  UPLOAD_MIME_TYPES,
  ZUploadResult,
} from '@shop/schema/uploads'
import { useMutation } from '@tanstack/react-query'
import { toastFailure } from '../../components/admin/toast-failure'
import { toast } from '../../components/toasts'
import { parseBody } from '../../lib/api-error'
import { apiFetch } from '../../lib/api-fetch'

/** What the browser can tell is wrong before sending (too many files, wrong type, too large): the toast's text. */
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

/** Sends images to POST /api/admin/upload (multipart, field `images`); resolves with the stored files' URLs. */
export async function uploadImages(files: File[]): Promise<string[]> {
  const body = new FormData()
  for (const file of files) body.append(UPLOAD_FIELD, file)
  const response = await apiFetch(`${API_PREFIX}${rawRoutes.upload.path}`, { method: 'POST', body })
  const result = ZUploadResult.safeParse(parseBody(await response.text()))
  if (!result.success || result.data.urls.length === 0) throw new Error('The server answered no URL for the images')
  return result.data.urls
}

interface UploadOptions {
  /** The most files at once: 10 for a product, 1 for a category. */
  maxFiles?: number
  /** The spec's text of the 'Upload failed' toast, followed by the server's reason when it gave one. */
  failureText: string
}

/**
 * Uploads images for a form: files the browser can already tell are wrong (too many, wrong type, too large) are
 * refused with a toast before anything is sent; the stored files' URLs go to `onUploaded`.
 */
export function useUploadImages({ maxFiles = UPLOAD_MAX_FILES, failureText }: UploadOptions) {
  const mutation = useMutation({
    mutationFn: uploadImages,
    onError: (error) => toastFailure(failureText, error, 'Upload failed'),
  })
  const upload = (files: File[], onUploaded: (urls: string[]) => void) => {
    if (files.length === 0) return
    const problem = checkFiles(files, maxFiles)
    if (problem) {
      toast({ title: problem.title, message: problem.message, isError: true })
      return
    }
    mutation.mutate(files, { onSuccess: onUploaded })
  }
  return { upload, isUploading: mutation.isPending }
}
