import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function RegisterPage() {
  return <ScreenPlaceholder title="Register as Participant" />
}
