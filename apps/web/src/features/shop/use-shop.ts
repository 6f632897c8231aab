import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'
import { usePageHead } from '../seo/use-page-head'

/** The shop's name and contact details, from the server's configuration. */
export function useShopInfo() {
  const trpc = useTRPC()
  return useQuery(trpc.shop.info.queryOptions())
}

/** Sets the document title ("Gold Cross Necklace | Shop name") and meta description of a page. */
export function usePageMeta(title: string | undefined, description?: string) {
  usePageHead({ title, description })
}
