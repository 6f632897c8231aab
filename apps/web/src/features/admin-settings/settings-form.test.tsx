import type { AdminSettings } from '@shop/schema/settings'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { apiErrorOf } from '../../lib/api-error'
import { SettingsForm } from './settings-form'

afterEach(cleanup)

const SETTINGS: AdminSettings = {
  name: 'Grace & Gold',
  email: 'hello@grace.test',
  phone: '+1 555 010 2000',
  address: '1 Main Street\nSpringfield',
  notificationEmails: [],
  senderName: 'Grace & Gold',
  updatedAt: '2026-11-20T10:00:00.000Z',
  mailConfigured: true,
}

const field = (name: string) => screen.getByRole('textbox', { name })
const fill = (name: string, value: string) => fireEvent.change(field(name), { target: { value } })
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))

function renderForm(onSave = vi.fn(async (values: unknown) => ({ ...SETTINGS, ...(values as object) }))) {
  render(<SettingsForm settings={SETTINGS} isSaving={false} onSave={onSave} />)
  return onSave
}

describe('SettingsForm', () => {
  it("shows the schema's message under each empty or invalid field, and saves nothing", async () => {
    const onSave = renderForm()
    fill('Shop name', '   ')
    fill('Shop e-mail', 'not-an-email')
    fill('Phone', '')
    fill('Address', '')
    fill('Sender name', '')
    save()
    for (const message of [
      'Shop name is required',
      'Please enter a valid email address',
      'Phone is required',
      'Address is required',
      'Sender name is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy()
    }
    expect(onSave).not.toHaveBeenCalled()
  })

  it('refuses a shop name longer than the server keeps', async () => {
    const onSave = renderForm()
    fill('Shop name', 'G'.repeat(101))
    save()
    expect(await screen.findByText('Shop name must be at most 100 characters')).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
  })

  it('names the notification address that is not an e-mail address', async () => {
    const onSave = renderForm()
    const input = screen.getByRole('combobox', { name: 'Order notification e-mails' })
    // Typed, as Mantine ignores a change to an input without the focus (autofill).
    input.focus()
    for (const address of ['orders@grace.test', 'not-an-address']) {
      fireEvent.change(input, { target: { value: address } })
      fireEvent.keyDown(input, { key: 'Enter' })
    }
    expect(screen.getByText('orders@grace.test')).toBeTruthy()
    save()
    expect(await screen.findByText('not-an-address: Please enter a valid email address')).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
  })

  it('says an empty notification list sends the mails to the shop e-mail', () => {
    renderForm()
    expect(screen.getByText(/Leave it empty and the shop e-mail gets them/)).toBeTruthy()
  })

  it('saves the trimmed values', async () => {
    const onSave = renderForm()
    fill('Phone', '  +1 555 010 7777  ')
    save()
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      name: 'Grace & Gold',
      email: 'hello@grace.test',
      phone: '+1 555 010 7777',
      address: '1 Main Street\nSpringfield',
      notificationEmails: [],
      senderName: 'Grace & Gold',
    })
  })

  it("shows the server's field problems (400) under their fields", async () => {
    const body = JSON.stringify({
      code: 'BAD_REQUEST',
      message: 'email: Please enter a valid email address',
      issues: [{ path: ['email'], message: 'The server refuses this address' }],
    })
    const onSave = vi.fn(() =>
      Promise.reject(apiErrorOf(new Response(body, { status: 400, statusText: 'Bad Request' }), body)),
    )
    renderForm(onSave)
    save()
    expect(await screen.findByText('The server refuses this address')).toBeTruthy()
  })
})
