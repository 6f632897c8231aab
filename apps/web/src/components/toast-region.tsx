import { Notifications, notifications } from '@mantine/notifications'
import { useRef } from 'react'

const SWIPE_THRESHOLD_PX = 50

/** The notification region: swipe a toast right by 50 px to dismiss it. */
export function ToastRegion() {
  const start = useRef<number | null>(null)
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
      {/* Each toast says how long it stays (toasts.tsx). */}
      <Notifications limit={1} position="bottom-right" />
    </div>
  )
}
