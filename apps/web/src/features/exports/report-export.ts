import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'
import { handleUnauthorized } from '@/lib/unauthorized'

/** SPEC.md section 8, 'Export Successful'. */
export function reportExportDone(description: string): void {
  toast({ title: 'Export Successful', description })
}

/**
 * SPEC.md section 8, 'Export Failed'. A run-out session is told as such and signs in again
 * instead: exporting once more could not help.
 */
export function reportExportFailure(err: unknown, fallback: string): void {
  if (handleUnauthorized(err)) return
  toast({
    variant: 'destructive',
    title: 'Export Failed',
    description: errorMessage(err, fallback),
  })
}
