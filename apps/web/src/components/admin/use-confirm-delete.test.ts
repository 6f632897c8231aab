import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useConfirmDelete } from './use-confirm-delete'

describe('useConfirmDelete', () => {
  it('opens for a record, deletes it by id on Delete and closes once the delete has ended', () => {
    const mutate = vi.fn((_input: { id: number }, _options: { onSettled: () => void }) => undefined)
    const { result } = renderHook(() => useConfirmDelete<{ id: number; name: string }>({ mutate, isPending: false }))
    expect(result.current.dialogProps.isOpen).toBe(false)

    act(() => result.current.ask({ id: 7, name: 'Gold Cross' }))
    expect(result.current.dialogProps.isOpen).toBe(true)
    expect(result.current.target?.name).toBe('Gold Cross')

    act(() => result.current.dialogProps.onConfirm())
    expect(mutate).toHaveBeenCalledWith({ id: 7 }, expect.anything())
    act(() => mutate.mock.calls[0]?.[1].onSettled())
    expect(result.current.dialogProps.isOpen).toBe(false)
    // Kept, so the closing dialog still names it.
    expect(result.current.target?.name).toBe('Gold Cross')
  })

  it('deletes nothing when cancelled', () => {
    const mutate = vi.fn()
    const { result } = renderHook(() => useConfirmDelete<{ id: number }>({ mutate, isPending: false }))
    act(() => result.current.ask({ id: 3 }))
    act(() => result.current.dialogProps.onCancel())
    expect(result.current.dialogProps.isOpen).toBe(false)
    expect(mutate).not.toHaveBeenCalled()
  })
})
