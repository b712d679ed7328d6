import type { HistoryItem } from '@hackathon/contract'
import { CircleCheck } from 'lucide-react'
import { useId } from 'react'

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime } from '@/lib/date-time'

/**
 * What happened to the application, oldest first and the latest last, as the server tells it:
 * registered, submitted to a stage, selected, confirmed, not advanced (docs/product/pipeline.md).
 */
export function HistoryCard({ items }: { items: readonly HistoryItem[] }) {
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
            {items.map((item, index) => (
              <li key={item.id} className="relative flex gap-3">
                {index < items.length - 1 && (
                  <span
                    aria-hidden="true"
                    className="absolute top-7 bottom-[-1.25rem] left-[0.6875rem] w-px bg-border"
                  />
                )}
                <CircleCheck
                  aria-hidden="true"
                  className="mt-0.5 size-6 shrink-0 rounded-full bg-card text-success"
                />
                <div className="grid min-w-0 gap-0.5">
                  <p className="text-sm font-medium break-words">{item.description}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
