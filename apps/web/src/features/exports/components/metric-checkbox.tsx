import { ROUND_EXPORT_METRIC_LABELS, type RoundExportMetric } from '@hackathon/contract'
import { Check } from 'lucide-react'
import { Checkbox } from 'radix-ui'

import { Label } from '@/components/ui/label'

/**
 * One metric of the rounds export, named by its key as
 * docs/product/exports-and-uploads.md#rounds-export lists it, with the column title it becomes in
 * the file beside it.
 */
export function MetricCheckbox({
  id,
  metric,
  checked,
  onCheckedChange,
}: {
  id: string
  metric: RoundExportMetric
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox.Root
        id={id}
        checked={checked}
        onCheckedChange={(state) => onCheckedChange(state === true)}
        aria-describedby={`${id}-description`}
        className="mt-0.5 grid size-5 shrink-0 cursor-pointer place-items-center rounded-sm border border-input bg-background shadow-sm data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
      >
        <Checkbox.Indicator>
          <Check aria-hidden="true" className="size-4" />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={id} className="cursor-pointer break-words">
          {metric}
        </Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {ROUND_EXPORT_METRIC_LABELS[metric]}
        </p>
      </div>
    </div>
  )
}
