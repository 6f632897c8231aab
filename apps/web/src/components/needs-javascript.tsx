import { Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A note for visitors whose browser runs no JavaScript: the pages show, the cart and checkout need it. */
export function NeedsJavaScript({ children }: { children: ReactNode }) {
  return (
    <noscript>
      <Text size="sm" c="ink.8" role="note">
        {children}
      </Text>
    </noscript>
  )
}
