import { Progress } from '@/components/ui/progress'
import { cn } from '@/lib/utils'

/**
 * `value` of `max` drawn as a bar, announced as a progress bar with its numbers. The numbers
 * are also written beside it by the caller: the bar is for comparing rows at a glance.
 */
export function ProgressBar({
  label,
  value,
  max,
  className,
}: {
  label: string
  value: number
  max: number
  className?: string
}) {
  const full = max > 0 && value >= max
  return (
    <Progress
      aria-label={label}
      // Radix drops a value outside 0..max from aria-valuenow; the text still says the numbers.
      value={Math.min(Math.max(value, 0), max)}
      max={max}
      getValueLabel={() => `${value} of ${max}`}
      className={cn('h-2.5', className)}
      indicatorClassName={cn(full && 'bg-success', value > 0 && 'min-w-1')}
    />
  )
}
