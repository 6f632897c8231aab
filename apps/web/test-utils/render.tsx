import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { render as renderWithTestingLibrary } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createQueryClient } from '../src/lib/trpc'
import { theme } from '../src/theme'

/** Renders a component inside the app's providers: Mantine with the shop's theme and a fresh query client. */
export function render(ui: ReactNode) {
  const queryClient = createQueryClient()
  return renderWithTestingLibrary(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    ),
  })
}
