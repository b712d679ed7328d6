import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { DialogClose, DialogFooter } from '@/components/ui/dialog'

/** Cancel, then the submit button that `children` labels, at the foot of a dialog's form. */
export function DialogFormFooter({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline" aria-disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
      <Button type="submit" aria-disabled={pending}>
        {children}
      </Button>
    </DialogFooter>
  )
}
