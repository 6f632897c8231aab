import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { LoadMore } from './load-more'

afterEach(cleanup)

describe('LoadMore', () => {
  it('says how many pieces are shown of how many, and asks for more', () => {
    const onLoadMore = vi.fn()
    render(<LoadMore shown={24} total={60} isLoading={false} onLoadMore={onLoadMore} />)
    expect(screen.getByText('Showing 24 of 60 pieces')).toBeTruthy()
    const button = screen.getByRole('button', { name: 'Load more' })
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByText('Showing 24 of 60 pieces').id)
    fireEvent.click(button)
    expect(onLoadMore).toHaveBeenCalledOnce()
  })

  it('offers no button once every piece is shown, and nothing for an empty list', () => {
    render(<LoadMore shown={60} total={60} isLoading={false} onLoadMore={() => {}} />)
    expect(screen.getByText('Showing 60 of 60 pieces')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    cleanup()
    render(<LoadMore shown={0} total={0} isLoading={false} onLoadMore={() => {}} />)
    expect(screen.queryByText(/Showing/)).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
