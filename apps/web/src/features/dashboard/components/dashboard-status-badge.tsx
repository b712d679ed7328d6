import { Badge, type BadgeProps } from '@/components/ui/badge'

import { dashboardStatus, type DashboardStatus } from '../round-stats'

const VARIANTS: Readonly<Record<DashboardStatus, BadgeProps['variant']>> = {
  Active: 'success',
  Completed: 'outline',
  Inactive: 'secondary',
}

/** A round's status as the dashboard says it (docs/product/dashboard.md#admin-dashboard). */
export function DashboardStatusBadge({ status }: { status: string }) {
  const label = dashboardStatus(status)
  return <Badge variant={VARIANTS[label]}>{label}</Badge>
}
