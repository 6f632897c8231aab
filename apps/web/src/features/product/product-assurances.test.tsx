import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../../test-utils/render'
import { ProductAssurances } from './product-assurances'

describe('ProductAssurances', () => {
  afterEach(cleanup)

  it('promises free shipping over the configured threshold', () => {
    render(<ProductAssurances freeShippingOver="$250" />)
    expect(screen.getByText('Free shipping on orders over $250')).toBeTruthy()
    expect(screen.getByText('30-day returns')).toBeTruthy()
  })

  it('promises no free shipping when the shop has no threshold', () => {
    render(<ProductAssurances />)
    expect(screen.queryByText(/Free shipping/)).toBeNull()
    expect(screen.getByText('1-year warranty')).toBeTruthy()
  })
})
