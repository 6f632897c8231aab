import type { AdminProductListInput } from '@shop/schema/products'
import {
  PRODUCT_CSV_FIELD,
  PRODUCT_IMPORT_MODE_FIELD,
  type ProductExportInput,
  type ProductImportMode,
  type ProductImportResult,
  productCsvFilename,
  ZProductImportRefusal,
  ZProductImportResult,
} from '@shop/schema/products-csv'
import { API_PREFIX, rawRoutes } from '@shop/schema/routes'
import { useMutation } from '@tanstack/react-query'
import { toastFailure } from '../../components/admin/toast-failure'
import { toast } from '../../components/toasts'
import { apiErrorOf, parseBody } from '../../lib/api-error'
import { apiFetch } from '../../lib/api-fetch'
import { sessionHeaders } from '../../lib/session'
import { apiTransport } from '../../lib/transport'
import { useRefreshShopData } from '../admin-shared/use-refresh-shop-data'

/** The filters of the products list that the export takes (its page is not one: the export has every page). */
export function exportFiltersOf({ page: _, pageSize: __, ...filters }: AdminProductListInput): ProductExportInput {
  return filters
}

function exportUrl(filters: ProductExportInput): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query.set(key, String(value))
  }
  const text = query.toString()
  return `${API_PREFIX}${rawRoutes.productsExport.path}${text ? `?${text}` : ''}`
}

const BLOB_URL_LIFETIME_MS = 60_000

/** The file name the server gave in Content-Disposition, else today's. */
function filenameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')
  return match?.[1] ?? productCsvFilename()
}

/**
 * Downloads the CSV of the products the filters match. Fetched with the session's Bearer token like every call
 * (a plain link would carry only the cookie), then handed to the browser as a file.
 */
async function downloadProductsCsv(filters: ProductExportInput): Promise<void> {
  const response = await apiFetch(exportUrl(filters))
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = filenameOf(response)
  link.click()
  // The browser reads the blob after the click returns: the URL is released once the download has surely begun.
  setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS)
}

export function useExportProducts() {
  return useMutation({
    mutationFn: downloadProductsCsv,
    onError: (error) => toastFailure('Failed to export the products. Please try again.', error),
  })
}

/** What an import answered: its report, and whether the server refused it (then nothing changed). */
export interface ImportOutcome {
  report: ProductImportResult
  isRefused: boolean
}

/**
 * Sends the file to POST /api/admin/products/import. A refusal that carries a report (errors by line and column,
 * 400 or 413) is an outcome to show, not a failure; any other non-2xx answer is an error as for every call.
 */
async function sendImport({ file, mode }: { file: File; mode: ProductImportMode }): Promise<ImportOutcome> {
  const body = new FormData()
  body.append(PRODUCT_IMPORT_MODE_FIELD, mode)
  body.append(PRODUCT_CSV_FIELD, file)
  // Through the app's one transport, as apiFetch sends the upload, but without its rejection of a non-2xx answer:
  // a refusal's body is the report to show.
  const response = await apiTransport(`${API_PREFIX}${rawRoutes.productsImport.path}`, {
    method: 'POST',
    body,
    headers: sessionHeaders(),
    credentials: 'include',
  })
  const text = await response.text()
  const parsed = parseBody(text)
  if (response.ok) {
    const report = ZProductImportResult.safeParse(parsed)
    if (!report.success) throw new Error('The server answered an import report it could not read')
    return { report: report.data, isRefused: false }
  }
  const refusal = ZProductImportRefusal.safeParse(parsed)
  if (!refusal.success) throw apiErrorOf(response, text)
  const { rows, errors, summary } = refusal.data
  return { report: { rows, errors, summary }, isRefused: true }
}

/** What an applied import did: "2 created, 1 updated, 40 unchanged". */
export function summaryText({ summary }: ProductImportResult): string {
  return `${summary.create} created, ${summary.update} updated, ${summary.unchanged} unchanged`
}

/** What a dry run would do: "2 to create, 1 to update, 40 unchanged". */
export function planText({ summary }: ProductImportResult): string {
  return `${summary.create} to create, ${summary.update} to update, ${summary.unchanged} unchanged`
}

/** The dry run of a chosen file: what each row would do, and what is wrong with it. */
export function useImportDryRun() {
  return useMutation({
    mutationFn: (file: File) => sendImport({ file, mode: 'dry-run' }),
    onError: (error) => toastFailure('Failed to check the file. Please try again.', error),
  })
}

/** Applies the file; on success the lists, the dashboard and the storefront data are fetched again. */
export function useApplyImport() {
  const invalidate = useRefreshShopData()
  return useMutation({
    mutationFn: (file: File) => sendImport({ file, mode: 'apply' }),
    onSuccess: async (outcome) => {
      if (outcome.isRefused) return
      await invalidate()
      toast({ title: 'Products imported', message: summaryText(outcome.report) })
    },
    onError: (error) => toastFailure('Failed to import the products. Please try again.', error),
  })
}
