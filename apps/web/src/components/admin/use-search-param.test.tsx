import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../../test-utils/render'
import { useSearchParam } from './use-search-param'

function TwoFilters() {
  const [, setFrom] = useSearchParam('from')
  const [, setStatus] = useSearchParam('status')
  return (
    <>
      <button
        type="button"
        onClick={() => {
          // Both writes land before the router renders the first one.
          setFrom('')
          setStatus('paid')
        }}
      >
        Change both
      </button>
      <output data-testid="search">{useLocation().search}</output>
    </>
  )
}

afterEach(cleanup)

describe('useSearchParam', () => {
  it('keeps the first of two writes made before the router renders', () => {
    render(
      <MemoryRouter initialEntries={['/admin/orders?from=2026-01-01&q=ruth&page=3']}>
        <TwoFilters />
      </MemoryRouter>,
    )
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Change both' })))
    expect(screen.getByTestId('search').textContent).toBe('?q=ruth&status=paid')
  })
})
