import { API_PREFIX, fillPath, rawRoutes } from '@shop/schema/routes'
import { skipToken, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { httpStatusOf } from '../../lib/api-error'
import { apiFetch } from '../../lib/api-fetch'
import { httpStatusTextOf } from '../../lib/error-message'

async function fetchInvoice(id: number, signal: AbortSignal): Promise<Blob> {
  const response = await apiFetch(`${API_PREFIX}${fillPath(rawRoutes.invoice.path, { id }).path}`, { signal })
  return response.blob()
}

/**
 * The invoice PDF of an order. It shows the order's current status, so it is fetched again on every visit
 * (`gcTime: 0` drops it once the screen closes) rather than kept like the JSON data.
 */
export function useInvoice(id: number | null) {
  return useQuery({
    queryKey: ['admin-invoice', id],
    queryFn: id === null ? skipToken : ({ signal }) => fetchInvoice(id, signal),
    retry: false,
    gcTime: 0,
  })
}

/** The text of a failed invoice request: the HTTP status text, else what went wrong. */
export function invoiceErrorText(error: unknown): string {
  const status = httpStatusOf(error)
  // HTTP/2 answers carry no status text, hence the code.
  if (status !== undefined) return `Failed to generate invoice: ${httpStatusTextOf(error) || status}`
  return error instanceof Error ? error.message : 'Unknown error occurred'
}

/**
 * A blob: URL for the blob while the component is mounted. The URL is a browser resource, so it is created and
 * revoked by one effect: under StrictMode's mount-unmount-mount a URL made during render would be revoked and
 * then shown.
 */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!blob) return
    const next = URL.createObjectURL(blob)
    setUrl(next)
    return () => {
      URL.revokeObjectURL(next)
      setUrl(undefined)
    }
  }, [blob])
  return url
}
