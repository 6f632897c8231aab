import type { Account, AdminAccount } from '@shop/schema/accounts'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApi } from '../../../../test-utils/render'
import * as toasts from '../../../components/toasts'
import { AdminsPage } from './admins.page'

const SHOP = { name: 'Grace & Gold', email: 'hello@grace.test', phone: '+1 555 010 2000', address: '1 Main St' }
const OWNER: AdminAccount = {
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  name: 'Ada Owner',
  role: 'owner',
  disabled: false,
  twoFactor: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}
const STAFF: AdminAccount = {
  ...OWNER,
  id: 5,
  username: 'stan',
  email: 'stan@example.com',
  name: 'Stan Staff',
  role: 'staff',
  twoFactor: false,
}
const ACCOUNT: Account = {
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  name: 'Ada Owner',
  role: 'owner',
  twoFactor: true,
  recoveryCodesLeft: 10,
  mustEnableTwoFactor: false,
}

/** Answers the Admins screen's reads, and the writes with the admin as changed; gives the writes sent. */
function stubApi() {
  const writes: Array<{ method: string; path: string; body?: unknown }> = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://shop.test')
      const method = init?.method ?? 'GET'
      if (method !== 'GET') {
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
        writes.push({ method, path: url.pathname, body })
        if (method === 'DELETE') return Response.json({ message: 'Admin deleted' })
        return Response.json({ ...STAFF, ...body })
      }
      if (url.pathname === '/api/shop') return Response.json(SHOP)
      if (url.pathname === '/api/auth/account') return Response.json(ACCOUNT)
      if (url.pathname === '/api/admin/admins') return Response.json([OWNER, STAFF])
      if (url.pathname === '/api/admin/account-policy') return Response.json({ requireTwoFactor: false })
      return new Response('not stubbed', { status: 500 })
    }),
  )
  return writes
}

function renderPage() {
  return renderWithApi(
    <MemoryRouter>
      <AdminsPage />
    </MemoryRouter>,
  )
}

beforeEach(() => vi.spyOn(console, 'info').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('AdminsPage', () => {
  it('lists the admins, the signed-in one marked and not deletable', async () => {
    stubApi()
    renderPage()
    expect(await screen.findByText('admin (you)')).toBeTruthy()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete admin' }).disabled).toBe(true)
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete stan' }).disabled).toBe(false)
    for (const header of ['Admin', 'Role', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy()
    }
  })

  it('asks in the confirmation dialog before a delete, and sends nothing when cancelled', async () => {
    const writes = stubApi()
    const toast = vi.spyOn(toasts, 'toast')
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Delete stan' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete admin' })
    expect(dialog.textContent).toContain('Delete stan? This cannot be undone.')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(writes).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Delete stan' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete admin' })).getByRole('button', { name: 'Delete' }),
    )
    await vi.waitFor(() => expect(writes).toEqual([{ method: 'DELETE', path: '/api/admin/admins/5', body: undefined }]))
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Admin deleted', message: 'stan has been deleted.' }),
    )
  })

  it('toasts what a change of role or status did', async () => {
    const writes = stubApi()
    const toast = vi.spyOn(toasts, 'toast')
    renderPage()
    const stanRow = (await screen.findByText('stan')).closest('tr') as HTMLElement
    fireEvent.click(within(stanRow).getByRole('button', { name: 'Disable' }))
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Admin updated',
        message: 'stan is disabled; their sessions have ended.',
      }),
    )
    expect(writes[0]).toMatchObject({ method: 'PATCH', path: '/api/admin/admins/5', body: { disabled: true } })
  })
})
