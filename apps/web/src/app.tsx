import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useLayoutEffect } from 'react'
import { Toasts } from './components/toasts'
import type { Clients } from './lib/clients'
import { replayEarlyTaps } from './lib/early-taps'
import { TRPCProvider } from './lib/trpc'
import { theme } from './theme'

/** The performance mark of the moment the page answers taps (`pnpm audit:web` reads it). */
export const READY_MARK = 'shop-ready'

/**
 * Marks the document once React has rendered or hydrated it, and gives React the taps and typing the visitor made on
 * the server's HTML before (lib/early-taps.ts), after the renders that follow hydration (what only the browser knows,
 * such as the cart). Browser tests wait for the mark. Rendered on the server too (as nothing): the server's tree and
 * the browser's must have the same shape, or `useId` gives them different ids.
 *
 * A layout effect (docs/decisions/0028): it runs as React commits the hydrated tree, when its event handlers answer
 * a tap, not after the passive effects of every component (a task of its own, some 30 ms later on a slowed phone).
 * A tap that comes between the two is handled by React, which runs the pending effects before its update.
 */
function ReadyMarker() {
  useLayoutEffect(() => {
    document.documentElement.dataset.ready = 'true'
    // From here a tap is answered: the audit measures the time from the first paint to this mark.
    performance.mark(READY_MARK)
    // Once React has finished this commit (a microtask runs after it, before the browser's next task).
    queueMicrotask(replayEarlyTaps)
  }, [])
  return null
}

/**
 * Theme, query cache and API client around the router: `BrowserRouter` in the browser, `StaticRouter` in
 * the server renderer. The colour scheme is fixed to light (index.html says so too), so both render alike.
 */
export function App({ clients, children }: { clients: Clients; children: ReactNode }) {
  return (
    // The theme's CSS variables are in the stylesheet (styles/theme.css, written by the build), not in a <style> of
    // every page.
    <MantineProvider theme={theme} withCssVariables={false} forceColorScheme="light">
      <QueryClientProvider client={clients.queryClient}>
        <TRPCProvider trpcClient={clients.trpcClient} queryClient={clients.queryClient}>
          <Toasts />
          {children}
          <ReadyMarker />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  )
}
