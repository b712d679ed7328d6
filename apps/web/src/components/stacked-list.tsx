import type { ReactNode } from 'react'

/**
 * A table's rows stacked for a narrow screen (docs/decisions/027-phone-tables.md): one list item a
 * row, its heading first, then each column's value under the column's name.
 */
export function StackedList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y divide-border border-y border-border">
      {children}
    </ul>
  )
}

export function StackedItem({ children }: { children: ReactNode }) {
  return <li className="grid gap-3 py-4">{children}</li>
}

/** The columns of one row: two a line on a phone, four from `sm`. */
export function StackedFields({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">{children}</dl>
}

/** One column's name and value; `wide` takes the whole line (a long text). */
export function StackedField({
  term,
  wide,
  children,
}: {
  term: string
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div className={wide ? 'col-span-full grid gap-1' : 'grid min-w-0 content-start gap-1'}>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  )
}
