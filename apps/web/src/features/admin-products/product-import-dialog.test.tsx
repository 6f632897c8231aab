import type { ProductImportResult } from '@shop/schema/products-csv'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApi } from '../../../test-utils/render'
import { ProductImportDialog } from './product-import-dialog'

const csv = (text: string) => new File([text], 'products.csv', { type: 'text/csv' })

const withError: ProductImportResult = {
  rows: [
    { line: 2, sku: 'NEC-1042', name: 'Gold Cross Necklace', action: 'update' },
    { line: 3, sku: 'CHP-0001', name: 'Olive Chaplet', action: 'create' },
  ],
  errors: [{ line: 3, column: 'price', message: 'Price must be a number' }],
  summary: { create: 1, update: 1, unchanged: 0 },
}
const clean: ProductImportResult = { ...withError, errors: [] }

/** The API's answers to the import calls, in order; each call's form is kept. */
function answerImports(...answers: ProductImportResult[]) {
  const forms: FormData[] = []
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/admin/products/import' && init?.body instanceof FormData) {
      forms.push(init.body)
      const answer = answers[forms.length - 1]
      if (answer) return Response.json(answer)
    }
    // The lists refreshed after an apply.
    return Response.json([])
  })
  vi.stubGlobal('fetch', fetchMock)
  return forms
}

function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')
  if (!input) throw new Error('no file input')
  fireEvent.change(input, { target: { files: [file] } })
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ProductImportDialog', () => {
  it('shows the dry run of a file, keeps Apply off while it has problems, and applies a clean one', async () => {
    const forms = answerImports(withError, clean, clean)
    const onClose = vi.fn()
    renderWithApi(<ProductImportDialog isOpen onClose={onClose} />)
    const dialog = screen.getByRole('dialog', { name: 'Import products from CSV' })
    expect(dialog.textContent).toContain('Products the file does not mention are left as they are.')

    chooseFile(csv('with a bad price'))
    const problems = await screen.findByRole('table', { name: 'Problems in the file' })
    expect(within(problems).getAllByRole('row')[1]?.textContent).toBe('3pricePrice must be a number')
    const rows = screen.getByRole('table', { name: 'Rows of the file' })
    expect(
      within(rows)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['LineSKUNameAction', '2NEC-1042Gold Cross NecklaceUpdate', '3CHP-0001Olive ChapletCreate'])
    const apply = screen.getByRole<HTMLButtonElement>('button', { name: 'Apply import' })
    expect(apply.disabled).toBe(true)
    expect(forms[0]?.get('mode')).toBe('dry-run')

    chooseFile(csv('fixed'))
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Problems in the file' })).toBeNull())
    expect(dialog.textContent).toContain('2 rows: 1 to create, 1 to update, 0 unchanged')
    await waitFor(() => expect(apply.disabled).toBe(false))
    fireEvent.click(apply)
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(forms.map((form) => form.get('mode'))).toEqual(['dry-run', 'dry-run', 'apply'])
    expect((forms[2]?.get('file') as File | null)?.name).toBe('products.csv')
  })
})
