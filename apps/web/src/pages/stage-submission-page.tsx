import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function StageSubmissionPage() {
  return <ScreenPlaceholder title="Stage Submission" />
}
