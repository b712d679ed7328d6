import { LogOut } from 'lucide-react'
import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'wouter'

import { useInShell } from '@/components/in-shell'
import { HomeLink } from '@/components/public-page'
import { SkipLink } from '@/components/skip-link'
import { Button } from '@/components/ui/button'
import {
  APPLICANT_LOGIN_PATH,
  useApplicantSession,
  type ApplicantSession,
} from '@/lib/applicant-session'

import { useLogoutApplicant } from '../api/logout'

export const APPLICANT_DASHBOARD_PATH = '/applicant/dashboard'

/**
 * The frame of every applicant page: the app name (home), and once signed in, who is signed in and
 * Logout. It also guards the pages (docs/product/sign-in.md#applicant-sessions): `signedIn` pages
 * need a stored token and go to the login page without one, the moment it is cleared (a 401,
 * Logout, another tab); the `signedOut` login page sends a signed-in applicant on to the dashboard.
 */
export function ApplicantLayout({
  access,
  children,
}: {
  access: 'signedIn' | 'signedOut'
  children: ReactNode
}) {
  const session = useApplicantSession()
  const inShell = useInShell()
  const [, navigate] = useLocation()
  const leaveFor =
    access === 'signedIn' && !session
      ? APPLICANT_LOGIN_PATH
      : access === 'signedOut' && session
        ? APPLICANT_DASHBOARD_PATH
        : null

  // wouter's Redirect does the same, but using it would move it into the landing page's bundle.
  useEffect(() => {
    if (leaveFor) navigate(leaveFor, { replace: true })
  }, [leaveFor, navigate])

  if (leaveFor) return null

  // For an applicant the user call names, the shell shows the applicant sidebar with Logout
  // (docs/decisions/025-staff-sign-in-return-and-applicant-sidebar.md): only the page is drawn here, and on a phone, where the
  // sidebar waits behind the menu button, who is signed in and Logout stay one tap away.
  if (inShell)
    return (
      <>
        {session && (
          // A landmark of its own, so that everything on the page sits in one (axe: region).
          <aside
            aria-label="Your account"
            className="flex justify-end border-b border-border bg-background px-4 py-2 md:hidden"
          >
            <SignedInAs session={session} />
          </aside>
        )}
        <main
          id="main-content"
          tabIndex={-1}
          className="w-full px-4 py-6 focus:outline-none sm:px-6 sm:py-10 lg:px-8"
        >
          {children}
        </main>
      </>
    )

  return (
    <div className="flex min-h-dvh flex-col bg-muted">
      <SkipLink />
      <header className="border-b border-border bg-background px-4 sm:px-6 lg:px-8">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 py-3">
          <HomeLink className="shrink-0" />
          {session && <SignedInAs session={session} />}
        </div>
      </header>
      {/* tabIndex lets the skip link move focus here; the outline would frame the whole page. */}
      <main
        id="main-content"
        tabIndex={-1}
        className="w-full flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-10 lg:px-8"
      >
        {children}
      </main>
    </div>
  )
}

/** The applicant sidebar's footer: who is signed in, and Logout. */
export function ApplicantAccount() {
  const session = useApplicantSession()
  return session ? <SignedInAs session={session} /> : null
}

function SignedInAs({ session }: { session: ApplicantSession }) {
  const logout = useLogoutApplicant()
  const name = session.applicant?.name

  return (
    <div className="flex min-w-0 items-center gap-3">
      {name && (
        <p className="min-w-0 truncate text-sm font-medium" title={name}>
          <span className="sr-only">Signed in as </span>
          {name}
        </p>
      )}
      {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-disabled={logout.isPending}
        onClick={() => {
          if (!logout.isPending) logout.mutate()
        }}
      >
        <LogOut aria-hidden="true" />
        {logout.isPending ? 'Logging out...' : 'Logout'}
      </Button>
    </div>
  )
}
