import type { Account } from '@shop/schema/accounts'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApi } from '../../../../test-utils/render'
import { AccountPage } from './account.page'

const SHOP = { name: 'Grace & Gold', email: 'hello@grace.test', phone: '+1 555 010 2000', address: '1 Main St' }
const ACCOUNT: Account = {
  id: 4,
  username: 'stan',
  email: 'stan@example.com',
  name: 'Stan Staff',
  role: 'staff',
  twoFactor: false,
  recoveryCodesLeft: 0,
  mustEnableTwoFactor: false,
}
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Shop:stan?secret=JBSWY3DPEHPK3PXP',
  qrSvg: '<svg/>',
}
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`)
const WRONG_PASSWORD = { message: 'Current password is incorrect', code: 'BAD_REQUEST' }

/**
 * Answers the Account screen's reads, the two-factor setup, and turning it on or off with `answerSwitch` (given
 * the request's JSON body); gives the bodies of the on and off calls.
 */
function stubApi(account: Account, answerSwitch: (body: Record<string, unknown>) => Response) {
  const switches: Array<{ path: string; body: Record<string, unknown> }> = []
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://shop.test')
    if (url.pathname === '/api/shop') return Response.json(SHOP)
    if (url.pathname === '/api/auth/account') return Response.json(account)
    if (url.pathname === '/api/auth/sessions') return Response.json([])
    if (url.pathname === '/api/auth/two-factor/setup') return Response.json(SETUP)
    if (url.pathname === '/api/auth/two-factor/enable' || url.pathname === '/api/auth/two-factor/disable') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>
      switches.push({ path: url.pathname, body })
      return answerSwitch(body)
    }
    return new Response('not stubbed', { status: 500 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return switches
}

function renderPage() {
  return renderWithApi(
    <MemoryRouter>
      <AccountPage />
    </MemoryRouter>,
  )
}

async function startTurningOn() {
  fireEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }))
  await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })
}

const passwordField = () => screen.getByLabelText<HTMLInputElement>('Password')
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } })

beforeEach(() => vi.spyOn(console, 'info').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('AccountPage, turning two-factor sign-in on', () => {
  it('asks for the password with the code, sends both, and shows the recovery codes', async () => {
    const switches = stubApi(ACCOUNT, () => Response.json({ message: 'On', recoveryCodes: RECOVERY_CODES }))
    renderPage()
    await startTurningOn()
    expect(passwordField().getAttribute('autocomplete')).toBe('current-password')
    fill(passwordField(), 'Staff-Password-7')
    fill(screen.getByRole('textbox', { name: 'Verification code' }), '123456')
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Save your recovery codes')).toBeTruthy()
    expect(switches).toEqual([
      { path: '/api/auth/two-factor/enable', body: { password: 'Staff-Password-7', code: '123456' } },
    ])
  })

  it('sends nothing without the password, and says so with the message of turning it off', async () => {
    const switches = stubApi(ACCOUNT, () => Response.json({ message: 'On', recoveryCodes: RECOVERY_CODES }))
    renderPage()
    await startTurningOn()
    fill(screen.getByRole('textbox', { name: 'Verification code' }), '123456')
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Current password is required')).toBeTruthy()
    expect(switches).toEqual([])
    expect(screen.queryByText('Save your recovery codes')).toBeNull()
  })

  it('keeps the form when the API refuses the password, showing no recovery codes', async () => {
    const switches = stubApi(ACCOUNT, () => Response.json(WRONG_PASSWORD, { status: 400 }))
    renderPage()
    await startTurningOn()
    fill(passwordField(), 'Not-My-Password-1')
    fill(screen.getByRole('textbox', { name: 'Verification code' }), '123456')
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await vi.waitFor(() => expect(switches).toHaveLength(1))
    expect(switches[0]?.body).toEqual({ password: 'Not-My-Password-1', code: '123456' })
    await vi.waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled).toBe(false),
    )
    expect(screen.queryByText('Save your recovery codes')).toBeNull()
    expect(passwordField()).toBeTruthy()
  })
})

describe('AccountPage, turning two-factor sign-in off', () => {
  it('checks the password the same way before sending', async () => {
    const switches = stubApi({ ...ACCOUNT, twoFactor: true, recoveryCodesLeft: 10 }, () =>
      Response.json({ message: 'Two-factor sign-in is off' }),
    )
    renderPage()
    const off = await screen.findByRole('button', { name: 'Turn off two-factor sign-in' })
    fill(screen.getByRole('textbox', { name: 'Code' }), '654321')
    fireEvent.click(off)
    expect(await screen.findByText('Current password is required')).toBeTruthy()
    expect(switches).toEqual([])
    fill(passwordField(), 'Staff-Password-7')
    fireEvent.click(off)
    await vi.waitFor(() =>
      expect(switches).toEqual([
        { path: '/api/auth/two-factor/disable', body: { password: 'Staff-Password-7', code: '654321' } },
      ]),
    )
  })
})
