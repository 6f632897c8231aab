import { cleanup, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../../test-utils/render'
import { STOCK_IMAGE } from '../../components/fallback-image'
import { CategoryCard } from './category-card'

afterEach(cleanup)

describe('CategoryCard', () => {
  it('shows the name, the fixed piece count and an Explore link to the category', () => {
    render(
      <MemoryRouter>
        <CategoryCard category={{ name: 'Necklaces', slug: 'necklaces', imageUrl: '/uploads/demo/necklaces.svg' }} />
      </MemoryRouter>,
    )
    expect(screen.getByTestId('category-card').textContent).toContain('Necklaces20 pieces')
    expect(screen.getByText('20 pieces')).toBeTruthy()
    expect(screen.getByRole('link', { name: /Explore Necklaces/ }).getAttribute('href')).toBe('/category/necklaces')
  })

  it('shows the stock image when the category has none', () => {
    render(
      <MemoryRouter>
        <CategoryCard category={{ name: 'Rings', slug: 'rings', imageUrl: null }} />
      </MemoryRouter>,
    )
    expect(screen.getByTestId('category-card').querySelector('img')?.getAttribute('src')).toBe(STOCK_IMAGE)
  })
})
