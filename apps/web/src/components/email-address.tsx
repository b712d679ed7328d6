import { cn } from '@/lib/utils'

/**
 * An email address that, when longer than its line, wraps after the @ (name@ / domain) and
 * breaks elsewhere only when a part alone is longer than the line
 * (docs/decisions/027-phone-tables.md).
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  const at = address.lastIndexOf('@')
  return (
    <span className={cn('[overflow-wrap:anywhere]', className)}>
      {at > 0 ? (
        <>
          {address.slice(0, at + 1)}
          <wbr />
          {address.slice(at + 1)}
        </>
      ) : (
        address
      )}
    </span>
  )
}
