import { withApiReason } from '../../lib/error-message'
import { toast } from '../toasts'

/** The toast of a failed admin call: the spec's text, then the API's own reason when it sent one (e.g. a 409). */
export function toastFailure(text: string, error: unknown, title = 'Error') {
  toast({ title, message: withApiReason(text, error), isError: true })
}
