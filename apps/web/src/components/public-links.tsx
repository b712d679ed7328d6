import { ArrowLeft, LogIn } from 'lucide-react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'

/** The public pages' way back to the landing page. */
export function BackHomeLink() {
  return (
    <Button asChild variant="link">
      <Link href="/">
        <ArrowLeft aria-hidden="true" />
        Back to Home
      </Link>
    </Button>
  )
}

/** The public pages' way on to the applicant's sign-in. */
export function ApplicantLoginLink() {
  return (
    <Button asChild className="w-full sm:w-auto">
      <Link href="/applicant/login">
        <LogIn aria-hidden="true" />
        Go to Applicant Login
      </Link>
    </Button>
  )
}
