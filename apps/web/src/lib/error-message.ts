import { apiErrorDataOf, apiMessageOf, httpStatusOf } from './api-error'

// The texts a person reads about a failed admin call, in toasts and on screens. Apart from api-error.ts, which the
// storefront's first load carries with the REST link: the storefront never shows these.

/** A failure text of the spec followed by the API's own reason when it sent one (e.g. a 409 naming the product). */
export function withApiReason(text: string, error: unknown): string {
  const reason = apiMessageOf(error)
  return reason ? `${text} ${reason}` : text
}

/** What went wrong, for texts such as 'Failed to create testimonial: {message}': the API's message, else the error's. */
export function errorMessageOf(error: unknown): string {
  return apiMessageOf(error) ?? (error instanceof Error ? error.message : 'Unknown error occurred')
}

/** The HTTP status text of a failed call (e.g. 'Not Found'); empty over HTTP/2, which has none. */
export function httpStatusTextOf(error: unknown): string | undefined {
  return apiErrorDataOf(error)?.statusText
}

/**
 * A refused save's problems by field, for a form's setErrors, the one way every form shows the server's answer under
 * its fields: a 400's issues under theirs ({ email: 'Please enter a valid email address', 'notificationEmails.2':
 * ... }; the first problem of a field wins), and a 409 (a code that already exists) under `conflictField` when the
 * form names one. A problem of no field stays in the toast.
 */
export function fieldErrorsOf(error: unknown, conflictField?: string): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of apiErrorDataOf(error)?.issues ?? []) {
    const path = issue.path.join('.')
    if (path && !(path in errors)) errors[path] = issue.message
  }
  const message = apiMessageOf(error)
  if (conflictField && httpStatusOf(error) === 409 && message) errors[conflictField] = message
  return errors
}
