import { cleanup, fireEvent, screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../../test-utils/render'
import { FilterSelect, useChoiceParam } from './filter-select'

afterEach(cleanup)

const OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const

function Status() {
  const status = useChoiceParam('status', ['active', 'inactive'])
  return <output data-testid="status">{status ?? 'any'}</output>
}

function CurrentSearch() {
  return <output data-testid="search">{useLocation().search}</output>
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <FilterSelect label="Filter by status" param="status" defaultLabel="All statuses" options={OPTIONS} />
      <Status />
      <CurrentSearch />
    </MemoryRouter>,
  )
}

describe('FilterSelect', () => {
  it('keeps the choice in the URL and starts the list again at its first page', () => {
    renderAt('/admin/categories?q=gold&page=3')
    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by status' }))
    fireEvent.click(screen.getByRole('option', { name: 'Inactive' }))
    expect(screen.getByTestId('search').textContent).toBe('?q=gold&status=inactive')
    expect(screen.getByTestId('status').textContent).toBe('inactive')

    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by status' }))
    fireEvent.click(screen.getByRole('option', { name: 'All statuses' }))
    expect(screen.getByTestId('search').textContent).toBe('?q=gold')
    expect(screen.getByTestId('status').textContent).toBe('any')
  })

  it('reads an unknown value in the URL as no choice', () => {
    renderAt('/admin/categories?status=archived')
    expect(screen.getByTestId('status').textContent).toBe('any')
    expect((screen.getByRole('combobox', { name: 'Filter by status' }) as HTMLInputElement).value).toBe('All statuses')
  })
})
