import type { SalesReport, TopProducts } from '@shop/schema/dashboard'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApi } from '../../../test-utils/render'
import { SalesCard } from './sales-card'

function report(url: URL): SalesReport {
  const interval = (url.searchParams.get('interval') ?? 'day') as SalesReport['interval']
  return {
    from: '2026-02-17',
    to: '2026-03-18',
    interval,
    buckets: [
      { start: '2026-03-16', orders: 3, revenue: '1250.00' },
      { start: '2026-03-17', orders: 0, revenue: '0.00' },
    ],
    orders: 3,
    revenue: '1250.00',
    averageOrderValue: '416.67',
  }
}

const TOP: TopProducts = {
  from: '2026-02-17',
  to: '2026-03-18',
  byUnits: [{ productId: 1, name: 'Gold Cross Necklace', units: 7, revenue: '315.00' }],
  byRevenue: [{ productId: 2, name: 'Diamond Ring', units: 1, revenue: '2400.00' }],
}

/** Answers the two chart calls; the others are not the card's. */
function stubApi() {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://shop.test')
    if (url.pathname === '/api/admin/dashboard/sales') return Response.json(report(url))
    if (url.pathname === '/api/admin/dashboard/top-products') return Response.json(TOP)
    return new Response('not stubbed', { status: 500 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const calls = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(path))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('SalesCard', () => {
  it('shows skeletons, then the totals, the average order value and both top lists', async () => {
    stubApi()
    renderWithApi(<SalesCard />)

    expect(screen.getAllByTestId('sales-chart-skeleton')).toHaveLength(1)
    expect(await screen.findByText('$1,250.00')).toBeTruthy()
    expect(screen.getByText('$416.67')).toBeTruthy()
    expect(screen.getByRole('figure', { name: 'Revenue per day, 2026-02-17 to 2026-03-18' })).toBeTruthy()
    const byUnits = screen.getByRole('region', { name: 'Top products by units' })
    expect(within(byUnits).getByText('Gold Cross Necklace')).toBeTruthy()
    expect(within(byUnits).getByText('7')).toBeTruthy()
    const byRevenue = screen.getByRole('region', { name: 'Top products by revenue' })
    expect(within(byRevenue).getByText('$2,400.00')).toBeTruthy()
  })

  it('asks for the range and interval chosen, 30 days by day first', async () => {
    const fetchMock = stubApi()
    renderWithApi(<SalesCard />)
    await screen.findByText('$1,250.00')

    fireEvent.click(screen.getByRole('radio', { name: '90 days' }))
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }))

    expect(await screen.findByRole('figure', { name: /^Revenue per week/ })).toBeTruthy()
    expect(calls(fetchMock, '/api/admin/dashboard/sales')).toEqual([
      '/api/admin/dashboard/sales?days=30&interval=day',
      '/api/admin/dashboard/sales?days=90&interval=day',
      '/api/admin/dashboard/sales?days=90&interval=week',
    ])
    expect(calls(fetchMock, '/api/admin/dashboard/top-products')).toEqual([
      '/api/admin/dashboard/top-products?days=30',
      '/api/admin/dashboard/top-products?days=90',
    ])
  })
})
