import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function ApplicantSubmissionsPage() {
  return <ScreenPlaceholder title="My Submissions" />
}
