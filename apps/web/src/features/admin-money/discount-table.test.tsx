import type { Discount } from '@shop/schema/money'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { formatMoneyIn } from '../../lib/format'
import { DiscountTable } from './discount-table'

afterEach(cleanup)

const CODE: Discount = {
  id: 4,
  code: 'WINTER',
  kind: 'percent',
  value: '12.50',
  minSubtotal: '50.00',
  startsAt: null,
  endsAt: null,
  maxUses: 100,
  oncePerEmail: true,
  active: true,
  uses: 12,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
}

function renderTable(discounts: Discount[], currency = 'USD') {
  const onEdit = vi.fn()
  const onToggle = vi.fn()
  render(
    <DiscountTable
      discounts={discounts}
      isLoading={false}
      money={(value) => formatMoneyIn(value, currency)}
      onEdit={onEdit}
      onToggle={onToggle}
    />,
  )
  return { onEdit, onToggle }
}

describe('DiscountTable', () => {
  it('shows each code with its discount, conditions, uses so far and status', () => {
    renderTable(
      [
        CODE,
        {
          ...CODE,
          id: 5,
          code: 'FLAT15',
          kind: 'fixed',
          value: '15.00',
          minSubtotal: null,
          maxUses: null,
          oncePerEmail: false,
          active: false,
          uses: 3,
        },
      ],
      'EUR',
    )
    const winter = screen.getByRole('row', { name: /WINTER/ })
    expect(within(winter).getByText('12.5% off')).toBeTruthy()
    expect(within(winter).getByText('From €50.00 · once per e-mail')).toBeTruthy()
    expect(within(winter).getByText('12 of 100')).toBeTruthy()
    expect(within(winter).getByText('Active')).toBeTruthy()
    const flat = screen.getByRole('row', { name: /FLAT15/ })
    expect(within(flat).getByText('€15.00 off')).toBeTruthy()
    expect(within(flat).getByText('Any order')).toBeTruthy()
    expect(within(flat).getByText('3')).toBeTruthy()
    expect(within(flat).getByText('Inactive')).toBeTruthy()
  })

  it('deactivates an active code and activates an inactive one', () => {
    const { onToggle } = renderTable([CODE, { ...CODE, id: 5, code: 'OLD', active: false }])
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate WINTER' }))
    expect(onToggle).toHaveBeenCalledWith(CODE)
    fireEvent.click(screen.getByRole('button', { name: 'Activate OLD' }))
    expect(onToggle).toHaveBeenLastCalledWith(expect.objectContaining({ code: 'OLD' }))
  })

  it('says so when there is no code', () => {
    renderTable([])
    expect(screen.getByText('No discount codes yet.')).toBeTruthy()
  })
})
