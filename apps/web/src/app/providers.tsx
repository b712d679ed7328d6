import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { queryClient as defaultQueryClient } from '@/lib/query-client'

import { DeferredToaster } from './deferred-toaster'

export function AppProviders({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode
  /** Tests pass their own client, pre-seeded with the data they need. */
  queryClient?: QueryClient
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  )
}
