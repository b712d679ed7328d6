import { APP_NAME } from '@hackathon/contract'
import { Trophy } from 'lucide-react'

import { cn } from '@/lib/utils'

/** The app's mark and name, as shown in the landing header and footer. */
export function Brand({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight', className)}
    >
      <span className="grid size-9 place-items-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Trophy aria-hidden="true" className="size-5" />
      </span>
      {APP_NAME}
    </span>
  )
}
