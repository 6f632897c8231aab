import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { type ResourceColumn, ResourceTable } from './resource-table'
import { editAndDeleteActions } from './row-actions'

interface Piece {
  id: number
  name: string
}

const COLUMNS: ResourceColumn<Piece>[] = [
  { header: 'Name', render: (piece) => piece.name },
  { header: 'Id', render: (piece) => `#${piece.id}` },
]

function renderTable(rows: Piece[] | undefined, { skeletonRows = 3, onDelete = vi.fn() } = {}) {
  return render(
    <MemoryRouter>
      <ResourceTable
        columns={COLUMNS}
        rows={rows}
        isLoading={rows === undefined}
        rowKey={(piece) => piece.id}
        skeletonRows={skeletonRows}
        emptyText="No pieces found."
        minWidth={300}
        actions={{
          of: (piece) => editAndDeleteActions(piece.name, `/admin/pieces/${piece.id}`, () => onDelete(piece)),
        }}
      />
    </MemoryRouter>,
  )
}

afterEach(cleanup)

describe('ResourceTable', () => {
  it('shows the given number of placeholder rows while loading', () => {
    renderTable(undefined, { skeletonRows: 5 })
    expect(screen.getAllByTestId('resource-table-skeleton')).toHaveLength(5)
    expect(screen.queryByText('No pieces found.')).toBeNull()
  })

  it('gives every column its own placeholder when the columns define them', () => {
    render(
      <ResourceTable
        columns={COLUMNS.map((column) => ({ ...column, skeleton: <span data-testid="cell-skeleton" /> }))}
        rows={undefined}
        isLoading
        rowKey={(piece) => piece.id}
        skeletonRows={4}
        emptyText="No pieces found."
        minWidth={300}
      />,
    )
    expect(screen.getAllByTestId('resource-table-skeleton')).toHaveLength(4)
    expect(screen.getAllByTestId('cell-skeleton')).toHaveLength(8)
  })

  it('lets a column placeholder span the columns after it, the actions too', () => {
    render(
      <ResourceTable
        columns={[
          { header: 'Name', render: (piece: Piece) => piece.name, skeleton: <span /> },
          { header: 'Id', render: (piece: Piece) => piece.id, skeleton: <span />, isSkeletonToEnd: true },
          { header: 'Size', render: () => 'M' },
        ]}
        rows={undefined}
        isLoading
        rowKey={(piece) => piece.id}
        skeletonRows={1}
        emptyText="No pieces found."
        minWidth={300}
        actions={{ of: () => [] }}
      />,
    )
    const cells = screen.getByTestId('resource-table-skeleton').querySelectorAll('td')
    expect(cells).toHaveLength(2)
    expect(cells[1]?.getAttribute('colspan')).toBe('3')
  })

  it('says so when there is no row', () => {
    renderTable([])
    expect(screen.getByText('No pieces found.')).toBeTruthy()
    expect(screen.queryAllByTestId('resource-table-skeleton')).toHaveLength(0)
  })

  it('shows a row per record with its cells under the column headers', () => {
    renderTable([
      { id: 1, name: 'Gold Cross' },
      { id: 2, name: 'Silver Dove' },
    ])
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy()
    const row = screen.getByRole('row', { name: /Silver Dove/ })
    expect(within(row).getByText('#2')).toBeTruthy()
    expect(screen.queryByText('No pieces found.')).toBeNull()
  })

  it('gives each row action an accessible name: links go to their path, buttons call back', () => {
    const onDelete = vi.fn()
    renderTable([{ id: 7, name: 'Gold Cross' }], { onDelete })
    expect(screen.getByRole('link', { name: 'Edit Gold Cross' }).getAttribute('href')).toBe('/admin/pieces/7')
    fireEvent.click(screen.getByRole('button', { name: 'Delete Gold Cross' }))
    expect(onDelete).toHaveBeenCalledWith({ id: 7, name: 'Gold Cross' })
  })
})
