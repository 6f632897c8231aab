import { z } from 'zod'

export const UPLOAD_FIELD = 'images'
export const UPLOAD_MAX_FILES = 10
export const UPLOAD_MAX_FILE_BYTES = 5 * 1024 * 1024
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number]

export const UPLOAD_MESSAGES = {
  tooMany: 'Maximum of 10 images can be uploaded at once.',
  badType: 'Only JPG, PNG, WebP, and GIF images are allowed.',
  tooLarge: 'Maximum file size is 5MB per image.',
  none: 'Please choose at least one image to upload.',
} as const

export const ZUploadResult = z.object({ urls: z.array(z.string()) })
export type UploadResult = z.infer<typeof ZUploadResult>
