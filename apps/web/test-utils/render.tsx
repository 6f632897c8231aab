import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { render as renderWithTestingLibrary } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createQueryClient, createTrpcClient, TRPCProvider } from '../src/lib/trpc'
import { theme } from '../src/theme'

// happy-dom has no FontFaceSet, which Mantine's autosize Textarea listens to ("loadingdone").
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })

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

/**
 * Like `render`, with the app's tRPC client too, for screens whose hooks call the API: it speaks REST through
 * `fetch`, which the test stubs (`vi.stubGlobal('fetch', ...)`) to answer each path.
 */
export function renderWithApi(ui: ReactNode) {
  const queryClient = createQueryClient()
  const trpcClient = createTrpcClient()
  return renderWithTestingLibrary(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            {children}
          </TRPCProvider>
        </QueryClientProvider>
      </MantineProvider>
    ),
  })
}
