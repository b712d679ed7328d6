import { ApplicantLayout } from '@/features/applicant-portal/components/applicant-layout'
import { SubmissionsList } from '@/features/applicant-portal/components/submissions-list'

/** Also shown at /my-submissions for a signed-in user whose role is applicant (app/pages.ts). */
export default function ApplicantSubmissionsPage() {
  return (
    <ApplicantLayout access="signedIn">
      <SubmissionsList />
    </ApplicantLayout>
  )
}
