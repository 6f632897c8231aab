import './lib/zod-jitless'
import './styles/mantine.css'
import './styles/theme.css'
import '@fontsource/cormorant-garamond/latin-600.css'
import './global.css'
import { hydrate } from '@tanstack/react-query'
import { type ReactNode, StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { App } from './app'
import { HeadContext } from './features/seo/use-page-head'
import { createClients } from './lib/clients'
import { browserRoutes, createRouter, loadMatchedLazyRoutes } from './router'
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

/**
 * A storefront page comes rendered from the server (entry-server.tsx) with the data it shows: the query cache takes
 * that data, the router is told its loaders have run, and React hydrates the HTML instead of rendering it again.
 * The route's code must be here before that (a lazy page such as /products), or the first render would differ.
 */
async function hydratePage(state: ShopState) {
  hydrate(clients.queryClient, reviveQueryErrors(state.queries))
  const routes = browserRoutes(clients)
  await loadMatchedLazyRoutes(routes, window.location)
  // Each step its own task, as for a page rendered here (below): none holds the main thread long.
  setTimeout(() => {
    const router = createRouter(routes, state.router)
    setTimeout(() => {
      // As a transition, hydration runs in slices of a few milliseconds instead of one long task.
      startTransition(() => {
        hydrateRoot(container as HTMLElement, tree(state.publicUrl, <RouterProvider router={router} />))
      })
    })
  })
}

function tree(publicUrl: string, router: ReactNode) {
  return (
    <StrictMode>
      <HeadContext.Provider value={{ publicUrl }}>
        <App clients={clients}>{router}</App>
      </HeadContext.Provider>
    </StrictMode>
  )
}

if (serverState) {
  // After the module's own task, like the steps below.
  setTimeout(() => void hydratePage(serverState))
} else {
  // The start-up is cut into steps, each its own task, so that none holds the main thread long (Total Blocking
  // Time): the router (whose route loaders start the page's requests), then React, whose first render is a
  // transition that renders in slices of a few milliseconds.
  setTimeout(() => {
    const router = createRouter(browserRoutes(clients))
    setTimeout(() => {
      const root = createRoot(container)
      startTransition(() => root.render(tree(window.location.origin, <RouterProvider router={router} />)))
    })
  })
}
