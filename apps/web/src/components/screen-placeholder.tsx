import { ArrowLeft, Hammer } from 'lucide-react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'

/** Stands in for a screen that a later issue builds, so its route already works end to end. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="grid min-h-dvh place-items-center bg-muted px-4 py-12 focus:outline-none"
    >
      <div className="w-full max-w-md rounded-xl border border-border bg-card p-8 text-center shadow-sm">
        <span className="mx-auto mb-4 grid size-12 place-items-center rounded-full bg-secondary text-secondary-foreground">
          <Hammer aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-muted-foreground">This screen is being built.</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href="/">
            <ArrowLeft aria-hidden="true" />
            Back to home
          </Link>
        </Button>
      </div>
    </main>
  )
}
