import { RETURN_TO_PARAM, STAFF_ROLES, safeReturnPath } from '@hackathon/contract'
import { ShieldCheck } from 'lucide-react'
import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'

import { BackHomeLink } from '@/components/public-links'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoginForm } from '@/features/auth/components/login-form'
import { SingleSignOnButton } from '@/features/auth/components/single-sign-on-button'
import { useAuth } from '@/features/auth/hooks/use-auth'

/**
 * Staff sign-in. After signing in, and for a staff member already signed in, it goes on to the
 * page named by returnTo (a path of this site only) or to / (issue 22;
 * docs/decisions/025-staff-sign-in-return-and-applicant-sidebar.md).
 */
export default function AdminLoginPage() {
  const [, navigate] = useLocation()
  const returnTo = safeReturnPath(new URLSearchParams(useSearch()).get(RETURN_TO_PARAM))
  const next = returnTo ?? '/'
  const { user } = useAuth()
  const signedInStaff = STAFF_ROLES.some((role) => role === user?.role)
  useEffect(() => {
    if (signedInStaff) navigate(next, { replace: true })
  }, [signedInStaff, navigate, next])
  if (signedInStaff) return null

  return (
    <main id="main-content" className="grid min-h-dvh place-items-center bg-muted px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 grid size-12 place-items-center rounded-full bg-secondary text-primary">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <CardTitle asChild className="text-2xl">
            <h1>Admin/Jury Login</h1>
          </CardTitle>
          <CardDescription>Sign in with your staff account.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <LoginForm onSignedIn={() => navigate(next, { replace: true })} />
          <SingleSignOnButton returnTo={returnTo} />
        </CardContent>
        <div className="flex justify-center border-t border-border p-4">
          <BackHomeLink />
        </div>
      </Card>
    </main>
  )
}
