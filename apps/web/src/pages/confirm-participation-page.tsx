import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function ConfirmParticipationPage() {
  return <ScreenPlaceholder title="Confirm Participation" />
}
