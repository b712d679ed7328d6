import { Suspense } from 'react'
import { Route, Switch } from 'wouter'

import { PageSpinner } from '@/components/ui/spinner'
import { useAuth } from '@/features/auth/hooks/use-auth'
import NotFoundPage from '@/pages/not-found-page'

import { PAGES } from './pages'
import { ROUTE_TABLE, audienceOf } from './route-table'

/** Shows the screen that ROUTE_TABLE gives the current user for the current path. */
export function AppRouter() {
  const { user, isLoading } = useAuth()
  if (isLoading) return <PageSpinner />

  const routes = ROUTE_TABLE[audienceOf(user)]
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {Object.entries(routes).map(([path, pageId]) => (
          <Route key={path} path={path} component={PAGES[pageId]} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  )
}
