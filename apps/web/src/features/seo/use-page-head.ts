import { useQuery } from '@tanstack/react-query'
import { createContext, useContext, useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { useTRPC } from '../../lib/trpc'
import { applyHeadTags, type HeadTag, headTags, type PageHead } from './page-head'

export interface HeadContextValue {
  /** The shop's public origin (PUBLIC_URL). */
  publicUrl: string
  /** Set by the server renderer: receives the head of the page being rendered, and whether it is a 404. */
  collect?: (tags: HeadTag[], isNotFound: boolean) => void
}

export const HeadContext = createContext<HeadContextValue | null>(null)

/** The shop's public origin, for the absolute URLs of a page's head. */
export function usePublicUrl(): string {
  return useContext(HeadContext)?.publicUrl ?? ''
}

/**
 * Declares the page's head (page-head.ts). On the server the renderer collects it while rendering (the page
 * rendered last, the innermost, wins); in the browser it is applied after the page has rendered.
 */
export function usePageHead(head: PageHead) {
  const context = useContext(HeadContext)
  const trpc = useTRPC()
  const { data: shop } = useQuery(trpc.shop.info.queryOptions())
  const { pathname } = useLocation()
  const publicUrl = context?.publicUrl ?? ''
  const tags = headTags(head, { publicUrl, shopName: shop?.name }, pathname)
  context?.collect?.(tags, head.notFound === true)
  // The tags as text: an effect that runs again only when the head really changed.
  const key = JSON.stringify(tags)
  useEffect(() => {
    applyHeadTags(document, JSON.parse(key) as HeadTag[])
  }, [key])
}
