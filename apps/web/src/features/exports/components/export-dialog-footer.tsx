import { Download, LoaderCircle } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { DialogClose, DialogFooter } from '@/components/ui/dialog'

/** Cancel and 'Export Data' (docs/product/exports-and-uploads.md#exports), the latter spinning. */
export function ExportDialogFooter({ pending }: { pending: boolean }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {pending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Download aria-hidden="true" />
        )}
        Export Data
      </Button>
    </DialogFooter>
  )
}
