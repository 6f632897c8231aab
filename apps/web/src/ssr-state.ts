import type { DehydratedState } from '@tanstack/react-query'
import { TRPCClientError } from '@trpc/client'
import { apiErrorDataOf } from './lib/api-error'

/**
 * What a server-rendered page hands the browser (a JSON script element): the query cache as the server filled it
 * and the shop's public origin. The browser hydrates from it without asking the API again.
 */
export interface ShopState {
  publicUrl: string
  queries: DehydratedState
}

export const STATE_ELEMENT_ID = 'shop-state'

interface SerializedError {
  message: string
  data: unknown
}

/** A failed call (a product not found) as plain JSON: its message and its data (the HTTP status the pages read). */
export function serializeQueryErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.error
        ? {
            ...query,
            state: {
              ...query.state,
              // Read back by reviveQueryErrors: the cache's error type is Error, JSON has no classes.
              error: {
                message: (query.state.error as Error).message,
                data: apiErrorDataOf(query.state.error) ?? null,
              } satisfies SerializedError as unknown as Error,
            },
          }
        : query,
    ),
  }
}

/** The failed calls turned back into the errors the pages expect (lib/api-error.ts). */
export function reviveQueryErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error as SerializedError | null | undefined
      if (!error) return query
      const revived = new TRPCClientError(error.message, {
        result: { error: { message: error.message, code: -32000, data: error.data } },
      })
      return { ...query, state: { ...query.state, error: revived } }
    }),
  }
}

/** The state of a server-rendered page; null when index.html came without one (the admin, or `pnpm dev`). */
export function readShopState(doc: Document): ShopState | null {
  const element = doc.getElementById(STATE_ELEMENT_ID)
  if (!element?.textContent) return null
  try {
    return JSON.parse(element.textContent) as ShopState
  } catch {
    return null
  }
}
