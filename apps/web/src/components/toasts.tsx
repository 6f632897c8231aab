import { useHotkeys } from '@mantine/hooks'
import { Notifications, notifications } from '@mantine/notifications'
import type { ReactNode } from 'react'
import { useRef } from 'react'

export const TOAST_DURATION_MS = 5000
const SWIPE_THRESHOLD_PX = 50

export interface ToastOptions {
  title: ReactNode
  message?: ReactNode
  /** Destructive toasts are red. */
  isError?: boolean
}

/** Shows a toast; at most one is visible, so a new one replaces the current (spec point 4). */
export function toast({ title, message, isError }: ToastOptions) {
  notifications.clean()
  notifications.show({
    title,
    message: message ?? '',
    color: isError ? 'red' : 'gold',
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    // Mantine's default description grey is below 4.5:1 on white.
    styles: { description: { color: 'var(--mantine-color-ink-8)' } },
  })
}

/** The notification region: swipe a toast right by 50 px to dismiss it; F8 moves the focus to the region. */
export function Toasts() {
  const start = useRef<number | null>(null)
  useHotkeys([
    [
      'F8',
      () => {
        const region = document.querySelector<HTMLElement>('.mantine-Notifications-root')
        if (!region) return
        region.setAttribute('tabindex', '-1')
        region.focus()
      },
    ],
  ])
  return (
    <div
      onPointerDown={(event) => {
        start.current = event.clientX
      }}
      onPointerUp={(event) => {
        if (start.current !== null && event.clientX - start.current >= SWIPE_THRESHOLD_PX) notifications.clean()
        start.current = null
      }}
      onPointerCancel={() => {
        start.current = null
      }}
    >
      <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="bottom-right" />
    </div>
  )
}
