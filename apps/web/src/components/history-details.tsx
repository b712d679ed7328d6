import { ChevronRight, History } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * Earlier versions behind a summary line, folded away: a native details element, so it opens with
 * the keyboard and is announced as expandable. `children` are the list's items.
 */
export function HistoryDetails({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-border text-sm">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 font-medium hover:bg-accent [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden="true"
          className="size-4 shrink-0 transition-transform group-open:rotate-90"
        />
        <History aria-hidden="true" className="size-4 shrink-0" />
        {summary}
      </summary>
      <ol className="grid gap-3 border-t border-border px-3 py-3">{children}</ol>
    </details>
  )
}
