import { RotateCw } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/error-message'
import { cn } from '@/lib/utils'

export interface LoadErrorProps {
  error: unknown
  /** Said when the server's answer carries no message of its own. */
  fallback: string
  onRetry: () => void
  className?: string
}

/** A call that failed, in a sentence, with a button that makes it again. */
export function LoadError({ error, fallback, onRetry, className }: LoadErrorProps) {
  return (
    <div role="alert" className={cn('grid justify-items-start gap-3 text-sm', className)}>
      <p>{errorMessage(error, fallback)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  )
}
