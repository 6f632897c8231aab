import { z } from 'zod'

export const UPLOAD_FIELD = 'images'
export const UPLOAD_MAX_FILES = 10
export const UPLOAD_MAX_FILE_BYTES = 5 * 1024 * 1024
/**
 * The most pixels an upload may decode to, all frames of an animation together: a few kilobytes can claim
 * 50,000 x 50,000 pixels (a "decompression bomb"). 50 megapixels covers any photo that fits in 5 MB.
 */
export const UPLOAD_MAX_PIXELS = 50_000_000
/** Text fields a form may carry besides the images: the admin sends none, a script may add a few. */
export const UPLOAD_MAX_FIELDS = 10
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number]

export const UPLOAD_MESSAGES = {
  tooMany: 'Maximum of 10 images can be uploaded at once.',
  badType: 'Only JPG, PNG, WebP, and GIF images are allowed.',
  tooLarge: 'Maximum file size is 5MB per image.',
  none: 'Please choose at least one image to upload.',
  tooManyPixels: 'Maximum image size is 50 megapixels (all frames of an animation together).',
  unreadable: 'The image could not be read: it is damaged or not a complete JPG, PNG, WebP, or GIF file.',
} as const

/** Answers about the multipart form itself rather than the images in it. */
export const UPLOAD_FORM_MESSAGES = {
  notMultipart: 'Send the images as multipart/form-data',
  badBoundary: 'The upload is not valid multipart/form-data: its boundary is missing or invalid',
  incomplete: 'The upload ended before the end of the form: send it again as complete multipart/form-data',
  tooManyFields: `Too many form fields: send the images in the field '${UPLOAD_FIELD}' and at most ${UPLOAD_MAX_FIELDS} other fields`,
  tooManyParts: `Too many parts in the form: send at most ${UPLOAD_MAX_FILES} images and ${UPLOAD_MAX_FIELDS} other fields`,
  fieldName: "A form field name is not allowed (names such as '__proto__' or 'constructor')",
  badJsonField: 'A form field sent as application/json is not valid JSON',
  wrongField: `Send the images in the field '${UPLOAD_FIELD}'`,
} as const

export const ZUploadResult = z.object({ urls: z.array(z.string()) })
export type UploadResult = z.infer<typeof ZUploadResult>
