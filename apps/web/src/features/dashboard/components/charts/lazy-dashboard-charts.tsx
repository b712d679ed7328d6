import { Component, lazy, Suspense, useId, type ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

/** Its own chunk: the charts' code is fetched when a dashboard first shows them, never before. */
const DashboardCharts = lazy(() => import('./dashboard-charts'))

/** The admin dashboard's charts section; the charts arrive after the rest of the page. */
export function LazyDashboardCharts() {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <h2 id={titleId} className="text-xl font-semibold tracking-tight">
        Registrations and Selection
      </h2>
      <ChunkErrorBoundary>
        <Suspense
          fallback={
            <div className="grid place-items-center py-8">
              <Spinner label="Loading charts…" />
            </div>
          }
        >
          <DashboardCharts />
        </Suspense>
      </ChunkErrorBoundary>
    </section>
  )
}

/**
 * A chunk that fails to download (offline, or a new release replaced it) takes only the charts
 * down, not the page. React caches a failed lazy import, so reloading is the way to try again.
 */
class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div role="alert" className="grid justify-items-start gap-3 text-sm">
        <p>The charts could not be loaded. Reload the page to try again.</p>
        <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </div>
    )
  }
}
