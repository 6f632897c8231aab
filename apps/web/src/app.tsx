import { type CSSVariablesResolver, MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { type DataRouter, RouterProvider } from 'react-router-dom'
import { Toasts } from './components/toasts'
import { queryClient, trpcClient } from './lib/clients'
import { TRPCProvider } from './lib/trpc'
import { theme } from './theme'

// Mantine's error red (red.6, also the text of light red alerts), dimmed grey (input descriptions) and placeholder
// grey are below 4.5:1 on white; these keep every message and hint readable.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-ink-6)',
    '--mantine-color-placeholder': 'var(--mantine-color-ink-6)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
  },
  dark: {},
})

export function App({ router }: { router: DataRouter }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <Toasts />
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  )
}
