import { LoaderCircle } from 'lucide-react'
import type { ComponentProps } from 'react'

import { cn } from '@/lib/utils'

export interface SpinnerProps extends ComponentProps<'div'> {
  /** What is loading, read out by screen readers; the icon itself is decorative. */
  label?: string
}

export function Spinner({ label = 'Loading…', className, ...props }: SpinnerProps) {
  return (
    <div
      role="status"
      className={cn('inline-flex items-center text-primary', className)}
      {...props}
    >
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin" />
      <span className="sr-only">{label}</span>
    </div>
  )
}

/** The whole-screen wait shown while the current user or a page's code loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner label={label} />
    </div>
  )
}
