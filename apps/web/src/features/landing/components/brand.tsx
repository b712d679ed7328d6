import { APP_NAME } from '@hackathon/contract'
import { Trophy } from 'lucide-react'

import { cn } from '@/lib/utils'

/** The app's mark and name, as shown in the landing header and footer (`small`). */
export function Brand({ small = false }: { small?: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 font-bold tracking-tight',
        small ? 'text-base' : 'text-lg',
      )}
    >
      <span className="grid size-9 place-items-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Trophy aria-hidden="true" className="size-5" />
      </span>
      {APP_NAME}
    </span>
  )
}
