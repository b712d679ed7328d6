import type { SubmissionStatus } from '@hackathon/contract'

import { Badge, type BadgeProps } from '@/components/ui/badge'

const SUBMISSION_STATUS: Readonly<
  Record<SubmissionStatus, { label: string; variant: BadgeProps['variant'] }>
> = {
  draft: { label: 'Draft', variant: 'outline' },
  submitted: { label: 'Submitted', variant: 'default' },
  reviewed: { label: 'Reviewed', variant: 'secondary' },
  accepted: { label: 'Accepted', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
}

/** Submission statuses (docs/product/submissions.md#statuses); an unknown value is shown as is. */
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  const { label, variant } = SUBMISSION_STATUS[status] ?? { label: status, variant: 'outline' }
  return <Badge variant={variant}>{label}</Badge>
}
