import { lazy, Suspense, useEffect } from 'react'
import { Route, Switch, matchRoute, useLocation, useRouter } from 'wouter'

import { PageSpinner } from '@/components/ui/spinner'
import { useAuth } from '@/features/auth/hooks/use-auth'
import NotFoundPage from '@/pages/not-found-page'

import { PAGES, preloadPage } from './pages'
import { ROUTE_TABLE, SHELL_PAGES, audienceOf } from './route-table'

/** Visitors never need the shell, so it is a chunk of its own, like the pages inside it. */
const SignedInShell = lazy(() => import('./layouts/signed-in-shell'))

/**
 * Shows the screen that ROUTE_TABLE gives the current user for the current path, inside the
 * signed-in shell when it is one of SHELL_PAGES. The shell sits outside the Switch so it stays
 * mounted (and keeps its open menus) while the user moves between its pages.
 */
export function AppRouter() {
  const { user, isLoading } = useAuth()
  const { parser } = useRouter()
  const [path] = useLocation()
  // While the session is checked, fetch the page a visitor gets here (registration, sign-in), so
  // that its chunk downloads alongside /api/auth/user rather than after it (issue 12, Lighthouse).
  useEffect(() => {
    if (!isLoading) return
    const visitorPage = Object.entries(ROUTE_TABLE.signedOut).find(
      ([pattern]) => matchRoute(parser, pattern, path)[0],
    )
    if (visitorPage) preloadPage(visitorPage[1])
  }, [isLoading, parser, path])
  if (isLoading) return <PageSpinner />

  const routes = Object.entries(ROUTE_TABLE[audienceOf(user)])
  // The same first-match rule as Switch, so the shell wraps exactly the page Switch shows.
  const shown = routes.find(([pattern]) => matchRoute(parser, pattern, path)[0])
  const pages = (
    <Switch>
      {routes.map(([pattern, pageId]) => (
        <Route key={pattern} path={pattern} component={PAGES[pageId]} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  )
  return (
    <Suspense fallback={<PageSpinner />}>
      {user && shown && SHELL_PAGES.has(shown[1]) ? (
        <SignedInShell user={user}>{pages}</SignedInShell>
      ) : (
        pages
      )}
    </Suspense>
  )
}
