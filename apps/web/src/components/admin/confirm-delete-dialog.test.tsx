import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { ConfirmDeleteDialog } from './confirm-delete-dialog'

function renderDialog(isDeleting: boolean) {
  const onCancel = vi.fn()
  const onConfirm = vi.fn()
  render(
    <ConfirmDeleteDialog isOpen title="Are you sure?" isDeleting={isDeleting} onCancel={onCancel} onConfirm={onConfirm}>
      This will permanently delete order ORD-1001. This action cannot be undone.
    </ConfirmDeleteDialog>,
  )
  return { onCancel, onConfirm }
}

afterEach(cleanup)

describe('ConfirmDeleteDialog', () => {
  it('asks the question and confirms or cancels', () => {
    const { onCancel, onConfirm } = renderDialog(false)
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' })
    expect(dialog.textContent).toContain('This will permanently delete order ORD-1001. This action cannot be undone.')
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it("reads 'Deleting...' and cannot be closed while the delete runs", () => {
    const { onCancel } = renderDialog(true)
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Deleting...' }).disabled).toBe(true)
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true)
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(onCancel).not.toHaveBeenCalled()
  })
})
