import { ChevronRight, FileText } from 'lucide-react'
import { Link } from 'wouter'

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'

export function QuickActionsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Quick Actions</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Link
          href="/applicant/submissions"
          className="flex items-center gap-3 rounded-lg border border-border p-3 text-sm font-medium transition-colors hover:bg-accent"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-md bg-secondary text-primary">
            <FileText aria-hidden="true" className="size-5" />
          </span>
          <span className="grid flex-1 gap-0.5">
            My Submissions
            <span className="text-xs font-normal text-muted-foreground">
              Your work for each stage and its review status
            </span>
          </span>
          <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
        </Link>
      </CardContent>
    </Card>
  )
}
