import type { AppRouter } from '@shop/api/router'
import { QueryClient } from '@tanstack/react-query'
import { createTRPCClient } from '@trpc/client'
import { createTRPCContext } from '@trpc/tanstack-react-query'
import { restLink } from './rest-link'

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({ links: [restLink<AppRouter>()] })
}

/**
 * Spec point 7: data never goes stale, no refetch on focus, no polling, no retries. A failed call is not repeated
 * when the next component asks for it either: a page rendered on the server with "not found" hydrates with it,
 * instead of showing a skeleton and asking the API again (the pages' "Try again" buttons refetch).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false, retryOnMount: false },
      mutations: { retry: false },
    },
  })
}
