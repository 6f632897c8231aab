import { cleanup, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../../test-utils/render'
import { QuantitySelector } from './quantity-selector'

function Harness({ max }: { max: number }) {
  const [value, setValue] = useState(1)
  return (
    <>
      <QuantitySelector value={value} onChange={setValue} max={max} />
      <output aria-label="Chosen">{value}</output>
    </>
  )
}

afterEach(cleanup)

describe('QuantitySelector', () => {
  it('starts at 1 with minus disabled', () => {
    render(<Harness max={3} />)
    expect(screen.getByLabelText('Quantity')).toHaveProperty('value', '1')
    expect(screen.getByRole('button', { name: 'Decrease' })).toHaveProperty('disabled', true)
  })

  it('counts up to the stock and no further', () => {
    render(<Harness max={2} />)
    const plus = screen.getByRole('button', { name: 'Increase' })
    fireEvent.click(plus)
    expect(screen.getByLabelText('Chosen').textContent).toBe('2')
    expect(plus).toHaveProperty('disabled', true)
  })

  it('falls back to 1 when the input is not a whole number', () => {
    render(<Harness max={5} />)
    const input = screen.getByLabelText('Quantity')
    fireEvent.change(input, { target: { value: '4' } })
    expect(screen.getByLabelText('Chosen').textContent).toBe('4')
    fireEvent.change(input, { target: { value: 'abc' } })
    expect(screen.getByLabelText('Chosen').textContent).toBe('1')
    fireEvent.blur(input)
    expect(input).toHaveProperty('value', '1')
  })
})
