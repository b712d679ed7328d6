import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function ApplicantLoginPage() {
  return <ScreenPlaceholder title="Applicant Login" />
}
