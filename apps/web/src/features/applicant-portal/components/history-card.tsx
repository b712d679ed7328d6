import type { ProgressItem } from '@hackathon/contract'
import { CircleCheck, CircleDashed } from 'lucide-react'
import { useId } from 'react'

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime } from '@/lib/date-time'
import { cn } from '@/lib/utils'

/** The progress items as a timeline; 'completed' is done, anything else still to come. */
export function HistoryCard({ items }: { items: readonly ProgressItem[] }) {
  const headingId = useId()
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>Application History</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has happened here yet.</p>
        ) : (
          <ol aria-labelledby={headingId} className="grid gap-5">
            {items.map((item, index) => {
              const completed = item.status === 'completed'
              const when = item.completedAt ?? item.createdAt
              const Icon = completed ? CircleCheck : CircleDashed
              return (
                <li key={item.id} className="relative flex gap-3">
                  {index < items.length - 1 && (
                    <span
                      aria-hidden="true"
                      className="absolute top-7 bottom-[-1.25rem] left-[0.6875rem] w-px bg-border"
                    />
                  )}
                  <Icon
                    aria-hidden="true"
                    className={cn(
                      'mt-0.5 size-6 shrink-0 rounded-full bg-card',
                      completed ? 'text-success' : 'text-muted-foreground',
                    )}
                  />
                  <div className="grid min-w-0 gap-0.5">
                    <p className="text-sm font-medium break-words">{item.description}</p>
                    <p className="text-xs text-muted-foreground">
                      {completed ? 'Completed' : 'Pending'} ·{' '}
                      <time dateTime={when}>{formatDateTime(when)}</time>
                    </p>
                  </div>
                </li>
              )
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
