import { cleanup, fireEvent, screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { ListPager, parsePage } from './list-pager'
import { SearchField } from './search-field'

afterEach(cleanup)

describe('ListPager', () => {
  it('says which rows are shown and moves to the page chosen', () => {
    const onChange = vi.fn()
    render(<ListPager page={3} pageSize={25} total={1234} noun="orders" onChange={onChange} />)
    expect(screen.getByText('Showing 51–75 of 1,234 orders')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect(onChange).toHaveBeenCalledWith(4)
  })

  it('shows no buttons for one page, and says when nothing matches', () => {
    render(<ListPager page={1} pageSize={25} total={0} noun="products" onChange={() => {}} />)
    expect(screen.getByText('No products')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull()
  })

  it('goes to the last page when the one shown is past the end (its last row was deleted)', () => {
    const onChange = vi.fn()
    render(<ListPager page={2} pageSize={25} total={25} noun="orders" onChange={onChange} />)
    expect(onChange).toHaveBeenCalledWith(1)
    expect(screen.queryByText(/Showing 26/)).toBeNull()
  })

  it('reads only a whole page number from the URL', () => {
    expect(parsePage('7')).toBe(7)
    for (const param of ['', '0', '-2', '1.5', 'x', '01']) expect(parsePage(param)).toBe(1)
  })
})

function CurrentSearch() {
  return <output data-testid="search">{useLocation().search}</output>
}

describe('a new search', () => {
  it('starts the list again at its first page', () => {
    render(
      <MemoryRouter initialEntries={['/admin/orders?status=pending&page=4']}>
        <SearchField label="Search orders" placeholder="Search..." />
        <CurrentSearch />
      </MemoryRouter>,
    )
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), { target: { value: 'ruth' } })
    expect(screen.getByTestId('search').textContent).toBe('?status=pending&q=ruth')
  })
})
