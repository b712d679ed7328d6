import { ApplicantDashboard } from '@/features/applicant-portal/components/applicant-dashboard'
import { ApplicantLayout } from '@/features/applicant-portal/components/applicant-layout'

export default function ApplicantDashboardPage() {
  return (
    <ApplicantLayout access="signedIn">
      <ApplicantDashboard />
    </ApplicantLayout>
  )
}
