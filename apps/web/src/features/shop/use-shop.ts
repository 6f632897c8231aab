import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTRPC } from '../../lib/trpc'

/** The shop's name and contact details, from the server's configuration. */
export function useShopInfo() {
  const trpc = useTRPC()
  return useQuery(trpc.shop.info.queryOptions())
}

/** Sets the document title ("Gold Cross Necklace | Shop name") and meta description of a page. */
export function usePageMeta(title: string | undefined, description?: string) {
  const { data: shop } = useShopInfo()
  useEffect(() => {
    const shopName = shop?.name
    if (shopName) document.title = title ? `${title} | ${shopName}` : shopName
    else if (title) document.title = title
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description)
  }, [title, description, shop?.name])
}
