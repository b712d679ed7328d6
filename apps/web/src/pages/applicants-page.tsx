import { ScreenPlaceholder } from '@/components/screen-placeholder'
import { useAuth } from '@/features/auth/hooks/use-auth'

/** SPEC.md section 2: one page, titled by the role that opens it. */
export default function ApplicantsPage() {
  const { user } = useAuth()
  return (
    <ScreenPlaceholder
      title={user?.role === 'jury' ? 'Applicant Review' : 'Applicant Management'}
    />
  )
}
