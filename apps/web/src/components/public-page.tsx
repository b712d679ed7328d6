import { APP_NAME } from '@hackathon/contract'
import { Trophy } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'

import { SkipLink } from '@/components/skip-link'
import { cn } from '@/lib/utils'

/**
 * The app's mark and name, linking home: the landing header's brand for the lazy pages. Drawn
 * here rather than imported from the landing feature: importing that module into a lazy page
 * makes the bundler move shared code out of the landing chunk, which grows the landing page's
 * initial JavaScript.
 */
export function HomeLink({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight',
        className,
      )}
    >
      <span className="grid size-9 place-items-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Trophy aria-hidden="true" className="size-5" />
      </span>
      {APP_NAME}
    </Link>
  )
}

/** A public page besides the landing page: a header with the way home, then `children`. */
export function PublicPage({
  centered = false,
  children,
}: {
  /** Centres the content in the space below the header. */
  centered?: boolean
  children: ReactNode
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted">
      <SkipLink />
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex max-w-6xl px-4 py-3 sm:px-6 lg:px-8">
          <HomeLink />
        </div>
      </header>
      {/* tabIndex lets the skip link move focus here; the outline would frame the whole page. */}
      <main
        id="main-content"
        tabIndex={-1}
        className={cn(
          'flex-1 px-4 py-8 focus:outline-none sm:py-12',
          centered && 'grid place-items-center',
        )}
      >
        {children}
      </main>
    </div>
  )
}
