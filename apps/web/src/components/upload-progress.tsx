import { Progress } from '@/components/ui/progress'
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
      <Progress aria-label={`Uploading ${fileName}`} value={percent} className="h-3 flex-1" />
      <span aria-hidden="true" className="w-11 text-right text-sm font-medium tabular-nums">
        {percent}%
      </span>
    </div>
  )
}
