import { useId, type ReactNode } from 'react'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

/** One of the round review page's sections: a card named by its h2, so it is a landmark too. */
export function ReviewSection({
  title,
  description,
  action,
  children,
}: {
  title: string
  description: ReactNode
  /** Beside the heading, e.g. the ranking's export button. */
  action?: ReactNode
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle asChild>
              <h2 id={titleId}>{title}</h2>
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
          {action}
        </CardHeader>
        {/* grid-cols-1 is minmax(0, 1fr): a wide table scrolls in its box instead of widening the card. */}
        <CardContent className="grid grid-cols-1 gap-4">{children}</CardContent>
      </Card>
    </section>
  )
}
