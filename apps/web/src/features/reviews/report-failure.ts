import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'
import { handleUnauthorized } from '@/lib/unauthorized'

/**
 * Like every staff change (docs/product/screens.md#a-session-that-ran-out): a run-out session says
 * 'Unauthorized' and signs in again; anything else is an 'Error' toast with the server's message or
 * the action's fallback.
 */
export function reportFailure(err: unknown, fallback: string): void {
  if (handleUnauthorized(err)) return
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, fallback) })
}
