import { useSearch } from 'wouter'

import { PublicPage } from '@/components/public-page'
import { ConfirmParticipation } from '@/features/confirmation/components/confirm-participation'

export default function ConfirmParticipationPage() {
  const code = new URLSearchParams(useSearch()).get('code')

  return (
    <PublicPage centered>
      <ConfirmParticipation code={code} />
    </PublicPage>
  )
}
