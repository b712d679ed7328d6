import type { RoundStatus } from '@hackathon/contract'

import { Badge, type BadgeProps } from '@/components/ui/badge'

export const ROUND_STATUS_LABELS: Record<RoundStatus, string> = {
  upcoming: 'Upcoming',
  active: 'Active',
  completed: 'Completed',
}

const VARIANTS: Record<RoundStatus, BadgeProps['variant']> = {
  upcoming: 'secondary',
  active: 'success',
  completed: 'outline',
}

/** The status in words, so it never depends on telling the colours apart. */
export function RoundStatusBadge({ status }: { status: RoundStatus }) {
  return <Badge variant={VARIANTS[status]}>{ROUND_STATUS_LABELS[status]}</Badge>
}
