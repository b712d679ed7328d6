import { staffLoginHref } from '@hackathon/contract'
import { lazy, Suspense, useEffect } from 'react'
import { Redirect, Route, Switch, matchRoute, useLocation, useRouter, useSearch } from 'wouter'

import { PageSpinner } from '@/components/ui/spinner'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { withClassMerge } from '@/lib/utils'
import NotFoundPage from '@/pages/not-found-page'

import { PAGES, preloadPage } from './pages'
import {
  APPLICANT_ONLY_PATTERNS,
  ROUTE_TABLE,
  SIGNS_IN_FOR_STAFF_PAGES,
  STAFF_PATTERNS,
  audienceOf,
  inShell,
} from './route-table'

/** Visitors never need the shell, so it is a chunk of its own, like the pages inside it. */
const SignedInShell = lazy(withClassMerge(() => import('./layouts/signed-in-shell')))

/**
 * Shows the screen that ROUTE_TABLE gives the current user for the current path, inside the
 * signed-in shell when it is one of SHELL_PAGES. The shell sits outside the Switch so it stays
 * mounted (and keeps its open menus) while the user moves between its pages.
 */
export function AppRouter() {
  const { user, isLoading } = useAuth()
  const { parser } = useRouter()
  const [path] = useLocation()
  const search = useSearch()
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

  const audience = audienceOf(user)
  const routes = Object.entries(ROUTE_TABLE[audience])
  // The same first-match rule as Switch, so the shell wraps exactly the page Switch shows.
  const shown = routes.find(([pattern]) => matchRoute(parser, pattern, path)[0])
  // A staff page without a staff sign-in (signed out, a session that ended, an applicant's code)
  // is a way to sign in, returning here afterwards, not a dead end (issue 22).
  if (
    !shown &&
    SIGNS_IN_FOR_STAFF_PAGES.has(audience) &&
    STAFF_PATTERNS.some((pattern) => matchRoute(parser, pattern, path)[0])
  ) {
    return <Redirect to={staffLoginHref(search ? `${path}?${search}` : path)} replace />
  }
  if (
    !shown &&
    audience === 'signedOut' &&
    APPLICANT_ONLY_PATTERNS.some((pattern) => matchRoute(parser, pattern, path)[0])
  ) {
    return <Redirect to="/applicant/login" replace />
  }
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
      {user && shown && inShell(audience, shown[1]) ? (
        <SignedInShell user={user}>{pages}</SignedInShell>
      ) : (
        pages
      )}
    </Suspense>
  )
}
