import { useParams } from 'wouter'

import { ApplicantLayout } from '@/features/applicant-portal/components/applicant-layout'
import { StageSubmission } from '@/features/submissions/components/stage-submission'

/** /applicant/submit/{stageId}: needs the stored applicant token (the layout sends others to login). */
export default function StageSubmissionPage() {
  const { stageId = '' } = useParams<{ stageId: string }>()
  return (
    <ApplicantLayout access="signedIn">
      {/* Keyed: another stage starts with its own form, not this one's answers. */}
      <StageSubmission key={stageId} stageId={stageId} />
    </ApplicantLayout>
  )
}
