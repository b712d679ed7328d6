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
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={`${value} of ${max}`}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn(
          'h-full rounded-full',
          share >= 1 ? 'bg-success' : 'bg-primary',
          value > 0 && 'min-w-1',
        )}
        style={{ width: `${share * 100}%` }}
      />
    </div>
  )
}
