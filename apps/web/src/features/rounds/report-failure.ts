import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'
import { handleUnauthorized } from '@/lib/unauthorized'

/**
 * Round changes (docs/product/rounds.md#the-form): a 401 says 'Unauthorized' and signs in again;
 * anything else is an 'Error' toast with the server's message or the action's own fallback, which
 * is returned so that a dialog can say it too (the toast is outside the modal dialog).
 */
export function reportRoundFailure(err: unknown, fallback: string): string | null {
  if (handleUnauthorized(err)) return null
  const message = errorMessage(err, fallback)
  toast({ variant: 'destructive', title: 'Error', description: message })
  return message
}
