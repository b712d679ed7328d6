import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function ApplicantDashboardPage() {
  return <ScreenPlaceholder title="Applicant Dashboard" />
}
