import { APPLICANT_STATUS_LABELS, type ApplicantStatus } from '@hackathon/contract'

import { Badge, type BadgeProps } from '@/components/ui/badge'

const VARIANTS: Readonly<Record<ApplicantStatus, BadgeProps['variant']>> = {
  registered: 'secondary',
  submitted: 'default',
  selected: 'success',
  not_selected: 'destructive',
  won: 'success',
  confirmed: 'success',
  round1: 'outline',
  round2: 'outline',
  round3: 'outline',
}

/** The status in words (colour only adds to them), e.g. round3 reads 'Final Round'. */
export function ApplicantStatusBadge({ status }: { status: ApplicantStatus }) {
  return (
    <Badge variant={VARIANTS[status] ?? 'outline'}>
      {APPLICANT_STATUS_LABELS[status] ?? status}
    </Badge>
  )
}
