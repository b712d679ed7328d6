import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function JuryDashboardPage() {
  return <ScreenPlaceholder title="Jury Dashboard" />
}
