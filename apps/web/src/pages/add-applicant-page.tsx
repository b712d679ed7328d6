import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function AddApplicantPage() {
  return <ScreenPlaceholder title="Add Applicant" />
}
