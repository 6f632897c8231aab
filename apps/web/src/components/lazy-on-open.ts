import { useState } from 'react'

/**
 * For overlays (drawers, dialogs) whose code is loaded lazily: false until the first opening, so the chunk is
 * fetched when a visitor first needs it and stays mounted afterwards (closing animations keep working).
 */
export function useHasOpened(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen)
  if (isOpen && !hasOpened) setHasOpened(true)
  return hasOpened
}
