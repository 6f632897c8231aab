import { apiMessageOf, httpStatusOf } from '../../lib/api-error'
import { fieldErrorsOf } from '../../lib/error-message'

/**
 * A refused save's problems by field, for a form's setErrors: the 400's issues under their fields, and a 409 (a
 * code that already exists) under `conflictField`. The mutation's toast says the save failed.
 */
export function saveErrorsOf(error: unknown, conflictField?: string): Record<string, string> {
  const errors = fieldErrorsOf(error)
  const message = apiMessageOf(error)
  if (conflictField && httpStatusOf(error) === 409 && message) errors[conflictField] = message
  return errors
}
