import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { render as renderWithTestingLibrary } from '@testing-library/react'
import { type ReactNode, useState } from 'react'
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
 * The app's providers for screens whose hooks call the API: Mantine with the shop's theme, a fresh query client and
 * the app's tRPC client, which speaks REST through `fetch`; the test stubs it (`vi.stubGlobal('fetch', ...)`) to
 * answer each path.
 */
export function ApiProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  const [trpcClient] = useState(createTrpcClient)
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  )
}

/** Like `render`, inside `ApiProviders`. */
export function renderWithApi(ui: ReactNode) {
  return renderWithTestingLibrary(ui, { wrapper: ApiProviders })
}
