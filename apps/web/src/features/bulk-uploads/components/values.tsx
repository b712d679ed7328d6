import { ArrowRight } from 'lucide-react'
import type { ReactNode } from 'react'

/** A value the sheet may leave blank: a dash to see, a word to hear. */
export function Value({ children }: { children: ReactNode | null }) {
  if (children === null || children === '') {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only"> none </span>
      </span>
    )
  }
  return <>{children}</>
}

/** 'before → after', or the value alone when the row leaves it as it was. */
export function FromTo<T extends string | number | null>({
  from,
  to,
  format = (value) => value,
}: {
  from: T
  to: T
  format?: (value: NonNullable<T>) => ReactNode
}) {
  const show = (value: T) => <Value>{value === null ? null : format(value)}</Value>
  if (from === to) return <span className="text-muted-foreground">{show(from)}</span>
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <span>{show(from)}</span>
      <ArrowRight aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
      <span className="sr-only"> to </span>
      <span className="font-medium">{show(to)}</span>
    </span>
  )
}
