import { useId, type ReactNode } from 'react'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

/** A dashboard card that is a named region: its heading names it for assistive technology. */
export function SectionCard({
  title,
  description,
  level = 2,
  children,
}: {
  title: string
  description: string
  /** The heading level where the card sits in the page's outline. */
  level?: 2 | 3
  children: ReactNode
}) {
  const titleId = useId()
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle asChild>
          <Heading id={titleId}>{title}</Heading>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}
