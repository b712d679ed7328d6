import { Progress as ProgressPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'

import { cn } from '@/lib/utils'

export interface ProgressProps extends ComponentProps<typeof ProgressPrimitive.Root> {
  /** Classes for the filled part, e.g. another colour once the bar is full. */
  indicatorClassName?: string
}

/**
 * shadcn's Progress on Radix: a role="progressbar" with aria-valuemin 0, aria-valuemax `max`,
 * aria-valuenow `value` and aria-valuetext from getValueLabel (a percentage unless given). Name it
 * with aria-label or aria-labelledby. The filled part is drawn by width, its share of `max`.
 */
export function Progress({
  className,
  indicatorClassName,
  value,
  max = 100,
  ...props
}: ProgressProps) {
  const share = typeof value === 'number' && max > 0 ? Math.min(1, Math.max(0, value / max)) : 0
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn('h-full rounded-full bg-primary transition-[width]', indicatorClassName)}
        style={{ width: `${share * 100}%` }}
      />
    </ProgressPrimitive.Root>
  )
}
