import { APP_NAME } from '@hackathon/contract'
import { Trophy } from 'lucide-react'
import { Link, useSearch } from 'wouter'

import { SkipLink } from '@/components/skip-link'
import { ConfirmParticipation } from '@/features/confirmation/components/confirm-participation'

export default function ConfirmParticipationPage() {
  const code = new URLSearchParams(useSearch()).get('code')

  return (
    <div className="flex min-h-dvh flex-col bg-muted">
      <SkipLink />
      {/*
        The landing header's brand, drawn here rather than imported from the landing feature:
        importing that module into this lazy page makes the bundler move shared code out of the
        landing chunk, which grows the landing page's initial JavaScript.
      */}
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex max-w-6xl px-4 py-3 sm:px-6 lg:px-8">
          <Link
            href="/"
            className="inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight"
          >
            <span className="grid size-9 place-items-center rounded-lg bg-primary text-primary-foreground shadow-sm">
              <Trophy aria-hidden="true" className="size-5" />
            </span>
            {APP_NAME}
          </Link>
        </div>
      </header>
      {/* tabIndex lets the skip link move focus here; the outline would frame the whole page. */}
      <main
        id="main-content"
        tabIndex={-1}
        className="grid flex-1 place-items-center px-4 py-8 focus:outline-none sm:py-12"
      >
        <ConfirmParticipation code={code} />
      </main>
    </div>
  )
}
