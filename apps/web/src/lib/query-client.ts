import { QueryClient } from '@tanstack/react-query'

import { getQueryFn } from './api'

/**
 * Data never goes stale and nothing refetches or retries on its own
 * (docs/product/api.md#how-the-web-app-calls); screens refresh what they changed by invalidating
 * it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: {
        retry: false,
      },
    },
  })
}

export const queryClient = createQueryClient()
