import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'
import { handleUnauthorized } from '@/lib/unauthorized'

/**
 * SPEC.md section 8 for round changes: a 401 says 'Unauthorized' and signs in again; anything
 * else is an 'Error' toast with the server's message or the action's own fallback.
 */
export function reportRoundFailure(err: unknown, fallback: string): void {
  if (handleUnauthorized(err)) return
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, fallback) })
}
