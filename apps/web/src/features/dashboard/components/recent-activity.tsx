import type { ActivityItem, ActivityType } from '@hackathon/contract'
import { Award, CalendarClock, FileUp, UserPlus, type LucideIcon } from 'lucide-react'

import { formatDateTime } from '@/lib/date-time'
import { useNow } from '@/lib/use-now'

import { relativeTime } from '../relative-time'

const ICONS: Readonly<Record<ActivityType, LucideIcon>> = {
  registration: UserPlus,
  submission: FileUp,
  selection: Award,
  deadline: CalendarClock,
}

/** '5 minutes ago' becomes '6 minutes ago' while the page stays open. */
const RELATIVE_TIME_REFRESH_MS = 60_000

/** "Recent Activity" (docs/product/dashboard.md#admin-dashboard): newest first, relative times. */
export function RecentActivityList({ items }: { items: readonly ActivityItem[] }) {
  const now = useNow(RELATIVE_TIME_REFRESH_MS)
  if (items.length === 0) {
    return <p className="py-4 text-sm text-muted-foreground">No recent activity found</p>
  }
  return (
    <ul className="divide-y divide-border">
      {items.map((item) => {
        const Icon = ICONS[item.type] ?? UserPlus
        return (
          <li key={item.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary text-secondary-foreground">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div className="grid min-w-0 gap-0.5">
              <p className="text-sm break-words">
                <span className="font-medium">{item.name}</span> {item.action}
              </p>
              <time
                dateTime={item.timestamp}
                title={formatDateTime(item.timestamp)}
                className="text-xs text-muted-foreground"
              >
                {relativeTime(item.timestamp, now)}
              </time>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
