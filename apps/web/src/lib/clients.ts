import type { AppRouter } from '@shop/api/router'
import type { QueryClient } from '@tanstack/react-query'
import type { TRPCClient } from '@trpc/client'
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { createQueryClient, createTrpcClient } from './trpc'

/**
 * A page's query cache and API client, shared by the React tree (app.tsx) and the routes' loads (router.tsx). The browser has
 * one for its whole visit; the server renderer makes one per request.
 */
export interface Clients {
  queryClient: QueryClient
  trpcClient: TRPCClient<AppRouter>
  /** The same query options as `useTRPC()` gives components, for code outside React (the routes' loads). */
  trpc: TRPCOptionsProxy<AppRouter>
}

export function createClients(): Clients {
  const queryClient = createQueryClient()
  const trpcClient = createTrpcClient()
  return { queryClient, trpcClient, trpc: createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient }) }
}
