import type { Testimonial } from '@shop/schema/testimonials'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../../test-utils/render'
import { TestimonialsSection } from './testimonials-section'

afterEach(cleanup)

function buildTestimonial(overrides: Partial<Testimonial> = {}): Testimonial {
  return {
    id: 1,
    name: 'margaret',
    location: 'Savannah, GA',
    content: 'Beautiful work.',
    rating: 4,
    avatarUrl: null,
    active: true,
    featured: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  }
}

describe('TestimonialsSection', () => {
  it('renders nothing without testimonials', () => {
    render(<TestimonialsSection testimonials={[]} />)
    render(<TestimonialsSection testimonials={undefined} />)
    expect(screen.queryByRole('heading', { name: 'What Our Customers Say' })).toBeNull()
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('shows the rating, content, name, location and initials', () => {
    render(<TestimonialsSection testimonials={[buildTestimonial()]} />)
    expect(screen.getByRole('heading', { name: 'What Our Customers Say' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy()
    expect(screen.getByText('“Beautiful work.”')).toBeTruthy()
    expect(screen.getByText('margaret')).toBeTruthy()
    expect(screen.getByText('Savannah, GA')).toBeTruthy()
    expect(screen.getByText('MA')).toBeTruthy()
  })
})
