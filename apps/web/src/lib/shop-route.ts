import { type ComponentType, createContext, useContext } from 'react'
import type { Params } from 'react-router-dom'

/** What a route's `load` is given: the page's path parameters and its whole URL (for the query). */
export interface PageAddress {
  params: Params
  url: URL
}

/**
 * A route of the app, as React Router's declarative routes take it, with what its data router gave before
 * (docs/decisions/0029): the page's code when it is a chunk of its own, the requests it starts as soon as its
 * address is known, an error boundary, and what the screen says of itself.
 */
export interface ShopRoute {
  /** A storefront page of its own chunk has the id of its module's name (router.tsx). */
  id?: string
  path?: string
  index?: boolean
  Component?: ComponentType
  /** The page's code, a chunk of its own: fetched when the page is first opened. */
  lazy?: () => Promise<{ Component: ComponentType }>
  /** Starts the page's requests; keeps nothing itself (the pages read the query cache). Its promise ends with them. */
  load?: (page: PageAddress) => Promise<unknown> | null
  /** A page that fails to load or render shows RouteError in place of this route's. */
  catchesErrors?: boolean
  /** What a screen says of itself (the admin's owner-only screens, admin-shell.tsx). */
  handle?: unknown
  children?: ShopRoute[]
}

/** The routes that match the current address, outermost first (router.tsx provides them). */
export const MatchedRoutesContext = createContext<readonly ShopRoute[]>([])

/** The `handle` of each route that matches the current address, outermost first. */
export function useRouteHandles(): unknown[] {
  return useContext(MatchedRoutesContext).map((route) => route.handle)
}

/**
 * Starts fetching the code of the pages at a path before the visitor opens it (router.tsx provides it): a part that
 * shows a link the visitor is likely to take next, such as the cart's Checkout, calls it when shown.
 */
export const PreloadPageCodeContext = createContext<(pathname: string) => void>(() => {})

export function usePreloadPageCode(): (pathname: string) => void {
  return useContext(PreloadPageCodeContext)
}
