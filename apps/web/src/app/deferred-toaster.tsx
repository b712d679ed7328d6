import { lazy, Suspense, useEffect, useState } from 'react'

import { useToast } from '@/components/ui/use-toast'
import { withClassMerge } from '@/lib/utils'

// Radix Toast and its layers are about 10 kB gzipped that no first paint needs: the toast store
// stays in the entry, the component that draws toasts loads when the browser is idle or as soon
// as a toast is queued, whichever comes first (issue 12, landing page budget).
const Toaster = lazy(
  withClassMerge(() =>
    import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })),
  ),
)

export function DeferredToaster() {
  const { toasts } = useToast()
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 })
      return () => window.cancelIdleCallback?.(id)
    }
    const id = window.setTimeout(() => setIdle(true), 200)
    return () => window.clearTimeout(id)
  }, [])
  if (!idle && toasts.length === 0) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
