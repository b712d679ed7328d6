import { ExternalLink as ExternalLinkIcon } from 'lucide-react'
import type { ReactNode } from 'react'

import { safeHref } from '@/lib/safe-href'
import { cn } from '@/lib/utils'

/**
 * A link that opens in a new tab, saying so to screen readers. noopener noreferrer: the opened
 * page (an applicant's repository, a file) gets no handle on this tab and no referrer. An
 * address that is not a web address is shown as text instead (see safeHref).
 */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string | null | undefined
  children: ReactNode
  className?: string
}) {
  const safe = safeHref(href)
  if (!safe) return <span className={cn('break-all', className)}>{children}</span>
  return (
    <a
      href={safe}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex items-start gap-1 rounded-sm font-medium break-all text-primary underline-offset-4 hover:underline',
        className,
      )}
    >
      {children}
      <ExternalLinkIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}
