import './lib/zod-jitless'
import './styles/mantine.css'
import './styles/theme.css'
import './styles/heading-font.css'
import './global.css'
import { hydrate } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { App } from './app'
import { HeadContext } from './features/seo/use-page-head'
import { createClients } from './lib/clients'
import { hasTappedEarly } from './lib/early-taps'
import type { ShopRoute } from './lib/shop-route'
import { AppRoutes, createRoutes, loadMatchedLazyRoutes, loadPage } from './router'
import { readShopState, reviveQueryErrors, type ShopState } from './ssr-state'

// After the shop is updated, an open tab may ask for chunks that no longer exist: reload once to get the new build.
const RELOADED_KEY = 'reloaded-for-new-build'
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem(RELOADED_KEY)) return
  sessionStorage.setItem(RELOADED_KEY, '1')
  event.preventDefault()
  window.location.reload()
})
window.addEventListener('load', () => sessionStorage.removeItem(RELOADED_KEY))

const container = document.getElementById('root')
if (!container) throw new Error('#root is missing from index.html')

const clients = createClients()
const serverState = readShopState(document)

const routes = createRoutes(clients)

/**
 * A storefront page comes rendered from the server (entry-server.tsx) with the data it shows: the query cache takes
 * that data and React hydrates the HTML instead of rendering it again. The route's code must be here before that (a
 * lazy page such as /products), or the first render would differ.
 */
async function hydratePage(state: ShopState) {
  hydrate(clients.queryClient, reviveQueryErrors(state.queries))
  await loadMatchedLazyRoutes(routes, window.location.pathname)
  const hydrateTree = () => {
    hydrateRoot(container as HTMLElement, tree(state.publicUrl, routes))
  }
  // A visitor who has tapped already waits for exactly this: the page is hydrated at once, in this task and in one
  // piece (React's synchronous lane), and the tap is answered right after it (docs/decisions/0033, 0035).
  if (hasTappedEarly()) {
    flushSync(hydrateTree)
    return
  }
  // Otherwise hydration starts in a task of its own, as for a page rendered here (below), and runs as a transition,
  // in slices of a few milliseconds, so no long task holds the main thread (docs/decisions/0010).
  setTimeout(() => startTransition(hydrateTree))
}

/**
 * A page with no server-rendered HTML (the admin, `pnpm dev`): its requests start, and it is rendered at once, with
 * a loader while its code arrives and placeholders while its data does. As a transition, the render runs in slices
 * of a few milliseconds instead of one long task.
 */
function renderPage() {
  void loadPage(routes, new URL(window.location.href))
  const root = createRoot(container as HTMLElement)
  startTransition(() => root.render(tree(window.location.origin, routes)))
}

function tree(publicUrl: string, shopRoutes: ShopRoute[]) {
  return (
    <StrictMode>
      <HeadContext.Provider value={{ publicUrl }}>
        <App clients={clients}>
          <BrowserRouter>
            <AppRoutes routes={shopRoutes} />
          </BrowserRouter>
        </App>
      </HeadContext.Provider>
    </StrictMode>
  )
}

const startPage = () => (serverState ? void hydratePage(serverState) : renderPage())
// After the module's own task, but at once for a visitor who has tapped already.
if (hasTappedEarly()) startPage()
else setTimeout(startPage)
