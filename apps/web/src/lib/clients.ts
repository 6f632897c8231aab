import type { AppRouter } from '@shop/api/router'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { createQueryClient, createTrpcClient } from './trpc'

/** The page's query cache and API client, shared by the React tree (app.tsx) and the route loaders. */
export const queryClient = createQueryClient()
export const trpcClient = createTrpcClient()

/** The same query options as `useTRPC()` gives components, for code outside React (route loaders). */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient })
