import { cn } from '@/lib/utils'

/** How much of a file has gone up: a bar with its percentage, named for the file (any upload). */
export function UploadProgress({
  fraction,
  fileName,
  className,
}: {
  fraction: number
  fileName: string
  className?: string
}) {
  const percent = Math.round(Math.min(Math.max(fraction, 0), 1) * 100)
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div
        role="progressbar"
        aria-label={`Uploading ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-3 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span aria-hidden="true" className="w-11 text-right text-sm font-medium tabular-nums">
        {percent}%
      </span>
    </div>
  )
}
