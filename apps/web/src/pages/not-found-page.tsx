import { TEXTS } from '@hackathon/contract'
import { CircleAlert } from 'lucide-react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'

export default function NotFoundPage() {
  return (
    <main className="grid min-h-dvh place-items-center bg-muted px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-border bg-card p-8 shadow-sm">
        <div className="flex items-center gap-3">
          <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
          <h1 className="text-2xl font-bold tracking-tight">{TEXTS.notFoundTitle}</h1>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">{TEXTS.notFoundHint}</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href="/">Back to home</Link>
        </Button>
      </div>
    </main>
  )
}
