/**
 * The server renderer of the storefront (built by `vite build --ssr`, loaded by the API's web plugin from the built
 * file). It renders a page with the same routes, loads and components as the browser, answering the page's API
 * calls inside the server's own process, and hands back the HTML, the page's head and the state the browser needs
 * to hydrate it without asking again (main.tsx).
 */
import { dehydrate } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import { App } from './app'
import { type HeadTag, headTagsToHtml, jsonForScript } from './features/seo/page-head'
import { HeadContext } from './features/seo/use-page-head'
import { apiErrorDataOf } from './lib/api-error'
import { createClients } from './lib/clients'
import { setTransport, type Transport } from './lib/transport'
import { AppRoutes, createRoutes, loadMatchedLazyRoutes, loadPage, pageIdOf, pagePaths as pagePathsOf } from './router'
import { type ShopState, STATE_ELEMENT_ID, serializeQueryErrors } from './ssr-state'

export interface RenderOptions {
  /** The page's URL as the visitor asked for it (path and query), on any origin. */
  url: string
  /** The shop's public origin (PUBLIC_URL): canonical URLs and the absolute URLs of link previews. */
  publicUrl: string
}

export interface RenderResult {
  /** The id of the route that rendered the page: a page of its own chunk is named by its module (router.tsx). */
  page: string
  /** 200; 404 for a page saying what the URL names is not there; 503 when the API failed (not worth keeping). */
  status: number
  /** The head's tags as HTML: title, description, canonical, Open Graph, Twitter card, JSON-LD. */
  head: string
  /** The page inside #root. */
  html: string
  /** A JSON script element with the state main.tsx hydrates from. */
  state: string
}

/** How the renderer reaches the API: set once by the server, with a function that calls its own routes. */
export function setApiTransport(transport: Transport) {
  setTransport(transport)
}

/** The paths of the app's pages ('/product/:id', '/admin/orders/:id'), for the server's routes. */
export function pagePaths(): string[] {
  return pagePathsOf(createRoutes(createClients()))
}

export async function render({ url, publicUrl }: RenderOptions): Promise<RenderResult> {
  const clients = createClients()
  const routes = createRoutes(clients)
  const address = new URL(url, publicUrl)
  await Promise.all([loadPage(routes, address), loadMatchedLazyRoutes(routes, address.pathname)])

  let head: HeadTag[] = []
  let isNotFound = false
  const html = renderToString(
    <StrictMode>
      <HeadContext.Provider
        value={{
          publicUrl,
          collect: (tags, notFound) => {
            head = tags
            isNotFound = notFound
          },
        }}
      >
        <App clients={clients}>
          <StaticRouter location={address.pathname + address.search}>
            <AppRoutes routes={routes} />
          </StaticRouter>
        </App>
      </HeadContext.Provider>
    </StrictMode>,
  )

  const state: ShopState = {
    publicUrl,
    queries: serializeQueryErrors(
      dehydrate(clients.queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
    ),
  }
  return {
    page: pageIdOf(routes, address.pathname),
    status: isNotFound ? 404 : statusOf(clients.queryClient.getQueryCache().getAll()),
    head: headTagsToHtml(head),
    html,
    state: `<script type="application/json" id="${STATE_ELEMENT_ID}">${jsonForScript(state)}</script>`,
  }
}

/** The page's HTTP status when it is no 404 page: 503 when a call of the page failed, or else 200. */
function statusOf(queries: Array<{ state: { status: string; error: unknown } }>): number {
  const failed = queries.filter((query) => query.state.status === 'error')
  const statuses = failed.map((query) => apiErrorDataOf(query.state.error)?.httpStatus)
  return statuses.some((status) => status === undefined || status >= 500) ? 503 : 200
}
