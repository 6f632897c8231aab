import { useHotkeys } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import type { ReactNode } from 'react'
import { lazy, Suspense, startTransition, useEffect, useState } from 'react'

export const TOAST_DURATION_MS = 5000
// How long F8 waits for the region to appear when it asks for it before any toast was shown.
const FOCUS_WAIT_MS = 5000

// The region (Mantine's Notifications and its transitions) is no part of the first load of a page: it arrives with
// the first toast, which the store keeps until the region shows it, or with the first F8.
const ToastRegion = lazy(() => import('./toast-region').then((m) => ({ default: m.ToastRegion })))
let isRegionWanted = false
const regionListeners = new Set<() => void>()

function wantRegion() {
  if (isRegionWanted) return
  isRegionWanted = true
  for (const listener of regionListeners) listener()
}

function focusRegion(deadline = performance.now() + FOCUS_WAIT_MS) {
  const region = document.querySelector<HTMLElement>('.mantine-Notifications-root')
  if (!region) {
    if (performance.now() < deadline) requestAnimationFrame(() => focusRegion(deadline))
    return
  }
  region.setAttribute('tabindex', '-1')
  region.focus()
}

export interface ToastOptions {
  title: ReactNode
  message?: ReactNode
  /** Destructive toasts are red. */
  isError?: boolean
}

/** Shows a toast; at most one is visible, so a new one replaces the current. */
export function toast({ title, message, isError }: ToastOptions) {
  wantRegion()
  notifications.clean()
  notifications.show({
    title,
    message: message ?? '',
    color: isError ? 'red' : 'gold',
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    // Mantine's close button is an icon without a name.
    closeButtonProps: { 'aria-label': 'Close notification' },
    // Mantine's default description grey is below 4.5:1 on white.
    styles: { description: { color: 'var(--mantine-color-ink-8)' } },
  })
}

/** The notification region (see toast-region.tsx); F8 moves the focus to it. */
export function Toasts() {
  const [hasRegion, setHasRegion] = useState(isRegionWanted)
  useEffect(() => {
    const show = () => startTransition(() => setHasRegion(true))
    if (isRegionWanted) return show()
    regionListeners.add(show)
    return () => {
      regionListeners.delete(show)
    }
  }, [])
  useHotkeys([
    [
      'F8',
      () => {
        wantRegion()
        focusRegion()
      },
    ],
  ])
  return hasRegion ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null
}
