import { cleanup, fireEvent, screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../../test-utils/render'
import { SearchField } from './search-field'

function CurrentSearch() {
  return <output data-testid="search">{useLocation().search}</output>
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <SearchField label="Search orders" placeholder="Search..." />
      <CurrentSearch />
    </MemoryRouter>,
  )
}

const box = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search orders' })
const search = () => screen.getByTestId('search').textContent

afterEach(cleanup)

describe('SearchField', () => {
  it('starts from the text in the URL', () => {
    renderAt('/admin/orders?q=clare')
    expect(box().value).toBe('clare')
  })

  it('writes what is typed to the URL and keeps the other parameters', () => {
    renderAt('/admin/orders?status=pending')
    fireEvent.change(box(), { target: { value: 'gold cross' } })
    expect(search()).toBe('?status=pending&q=gold+cross')
    expect(box().value).toBe('gold cross')
  })

  it('takes the parameter out of the URL once the box is empty', () => {
    renderAt('/admin/orders?q=clare&status=pending')
    fireEvent.change(box(), { target: { value: '' } })
    expect(search()).toBe('?status=pending')
  })
})
