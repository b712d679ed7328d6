import { PublicPage } from '@/components/public-page'
import { RegisterParticipant } from '@/features/registration/components/register-participant'

export default function RegisterPage() {
  return (
    <PublicPage>
      <RegisterParticipant />
    </PublicPage>
  )
}
