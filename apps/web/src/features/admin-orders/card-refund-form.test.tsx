import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { apiErrorOf } from '../../lib/api-error'
import { CardRefundForm } from './card-refund-form'

afterEach(cleanup)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function renderForm(onRefund: (input: unknown) => Promise<unknown>) {
  const onClose = vi.fn()
  const view = render(
    <CardRefundForm orderId={7} held="120.00" isPending={false} onRefund={onRefund} onClose={onClose} />,
  )
  return { onClose, ...view }
}

const amount = () => screen.getByRole('textbox', { name: /Refund amount/ })
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send refund' }))

describe('CardRefundForm', () => {
  it('offers what is held, and sends the amount, the note and one request id for every try of this opening', async () => {
    const onRefund = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce({})
    const { onClose } = renderForm(onRefund)
    expect((amount() as HTMLInputElement).value).toBe('120.00')
    fireEvent.change(amount(), { target: { value: '20.00' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Refund note' }), { target: { value: ' Scratched clasp ' } })
    send()
    await waitFor(() => expect(onRefund).toHaveBeenCalledTimes(1))
    send()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    const [first, second] = (onRefund.mock.calls as Array<[{ requestId: string }]>).map(([input]) => input)
    expect(first).toEqual({ id: 7, amount: '20.00', note: 'Scratched clasp', requestId: expect.stringMatching(UUID) })
    expect(second?.requestId).toBe(first?.requestId)
  })

  it('makes a new request id when the form opens again', async () => {
    const onRefund = vi.fn().mockResolvedValue({})
    renderForm(onRefund)
    send()
    await waitFor(() => expect(onRefund).toHaveBeenCalledTimes(1))
    cleanup()
    renderForm(onRefund)
    send()
    await waitFor(() => expect(onRefund).toHaveBeenCalledTimes(2))
    const [first, second] = (onRefund.mock.calls as Array<[{ requestId: string }]>).map(([input]) => input)
    expect(second?.requestId).not.toBe(first?.requestId)
  })

  it("refuses an amount that is no amount, and shows the server's reason for one above what was paid", async () => {
    const refusal = apiErrorOf(
      new Response(null, { status: 400, statusText: 'Bad Request' }),
      JSON.stringify({ code: 'BAD_REQUEST', message: 'Only $120.00 can be refunded' }),
    )
    const onRefund = vi.fn().mockRejectedValue(refusal)
    const { onClose } = renderForm(onRefund)
    fireEvent.change(amount(), { target: { value: 'lots' } })
    send()
    expect(await screen.findByText(/Amount must/)).toBeTruthy()
    expect(onRefund).not.toHaveBeenCalled()
    fireEvent.change(amount(), { target: { value: '500.00' } })
    send()
    expect(await screen.findByText('Only $120.00 can be refunded')).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
  })
})
