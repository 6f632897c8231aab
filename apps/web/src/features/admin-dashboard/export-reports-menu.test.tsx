import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../../test-utils/render'
import { ExportReportsMenu } from './export-reports-menu'

afterEach(cleanup)

describe('ExportReportsMenu', () => {
  it('opens the CSV downloads of every order and every product', async () => {
    render(<ExportReportsMenu isOwner />)
    fireEvent.click(screen.getByRole('button', { name: 'Export Reports' }))
    const orders = await screen.findByRole('menuitem', { name: 'Orders (CSV)' })
    expect(orders.getAttribute('href')).toBe('/api/admin/orders/export')
    expect(orders.hasAttribute('download')).toBe(true)
    const products = screen.getByRole('menuitem', { name: 'Products (CSV)' })
    expect(products.getAttribute('href')).toBe('/api/admin/products/export')
    expect(products.hasAttribute('download')).toBe(true)
  })

  it('offers staff the products but not the orders, which hold customer data and are the owner’s', async () => {
    render(<ExportReportsMenu isOwner={false} />)
    fireEvent.click(screen.getByRole('button', { name: 'Export Reports' }))
    expect(await screen.findByRole('menuitem', { name: 'Products (CSV)' })).toBeTruthy()
    expect(screen.queryByRole('menuitem', { name: 'Orders (CSV)' })).toBeNull()
  })
})
