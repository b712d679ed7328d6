import { useLocation } from 'wouter'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { AddApplicantForm } from '@/features/applicants/components/add-applicant-form'

const BACK = '/quick-actions'
// Success goes to /admin (docs/decisions/025-staff-sign-in-return-and-applicant-sidebar.md), which shows the admin dashboard (issue 22).
const AFTER_ADDING = '/admin'

export default function AddApplicantPage() {
  const [, navigate] = useLocation()

  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto w-full max-w-3xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
    >
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Add Applicant</h1>
      <p className="mt-1 text-muted-foreground">Register a new participant manually</p>
      <Card className="mt-8">
        <CardHeader>
          <CardTitle asChild>
            <h2>Applicant Registration</h2>
          </CardTitle>
          <CardDescription>Every field is required except the LinkedIn profile.</CardDescription>
        </CardHeader>
        <CardContent>
          <AddApplicantForm cancelHref={BACK} onAdded={() => navigate(AFTER_ADDING)} />
        </CardContent>
      </Card>
    </main>
  )
}
