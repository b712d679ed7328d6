import { useId } from 'react'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

/** The four things the jury weighs (docs/product/dashboard.md#jury-dashboard). */
export const REVIEW_GUIDELINES = [
  {
    title: 'Code Quality',
    text: 'Readable, well-structured code that follows the conventions of its language.',
  },
  {
    title: 'Innovation',
    text: 'An original idea, or a fresh approach to a known problem.',
  },
  {
    title: 'Technical Implementation',
    text: 'The solution works, is soundly built and uses its technology well.',
  },
  {
    title: 'Documentation',
    text: 'A clear README: what it does, how to run it and how it is built.',
  },
] as const

export function ReviewGuidelines() {
  const titleId = useId()
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>Review Guidelines</h2>
        </CardTitle>
        <CardDescription>What to weigh in every submission</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2">
          {REVIEW_GUIDELINES.map(({ title, text }) => (
            <li key={title} className="rounded-lg border border-border p-4 text-sm">
              <p className="font-semibold">{title}</p>
              <p className="mt-1 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
