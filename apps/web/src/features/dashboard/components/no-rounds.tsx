import { Trophy } from 'lucide-react'
import { useId } from 'react'

import { Button } from '@/components/ui/button'

/**
 * docs/product/dashboard.md#admin-dashboard: with no rounds, 'No Competition Rounds' and a Create
 * First Round button that does nothing. The line under the heading, which the button points to,
 * says where rounds are really made, so nobody is left pressing it.
 */
export function NoRounds() {
  const hintId = useId()
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center">
      <Trophy aria-hidden="true" className="size-10 text-muted-foreground" />
      <h3 className="text-lg font-semibold">No Competition Rounds</h3>
      <p id={hintId} className="max-w-sm text-sm text-muted-foreground">
        Rounds are created on the Competition Rounds page, in the menu.
      </p>
      <Button type="button" aria-describedby={hintId}>
        Create First Round
      </Button>
    </div>
  )
}
