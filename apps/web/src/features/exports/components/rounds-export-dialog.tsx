import { EXPORT_MESSAGES, ROUND_EXPORT_METRICS, STAGES } from '@hackathon/contract'
import { useId, useState, type FormEvent, type ReactNode } from 'react'

import { FormField } from '@/components/form-field'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Input, NativeSelect } from '@/components/ui/input'

import { useExportRounds } from '../api/export-rounds'
import {
  ROUND_EXPORT_DEFAULTS,
  toRoundExportRequest,
  type RoundExportValues,
  type StageFilter,
} from '../round-export-values'
import { reportExportFailure, reportExportResult } from '../report-export'
import { ExportDialogFooter } from './export-dialog-footer'
import { MetricCheckbox } from './metric-checkbox'

/** 'Export Competition Round Details' (SPEC.md section 2); `children` is the element that opens it. */
export function RoundsExportDialog({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  // Outside the dialog's content, so that closing it without exporting keeps the choices.
  const [values, setValues] = useState<RoundExportValues>(ROUND_EXPORT_DEFAULTS)
  const exportRounds = useExportRounds()
  const idPrefix = useId()
  const id = (name: string) => `${idPrefix}-${name}`

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    exportRounds.mutate(toRoundExportRequest(values), {
      onSuccess: ({ rows }) => {
        const texts = { done: EXPORT_MESSAGES.roundsDone, none: EXPORT_MESSAGES.roundsNone }
        // None matched: the dialog stays open with its filters, to widen them.
        if (!reportExportResult(rows, { ...texts, one: 'round', many: 'rounds' })) return
        setValues(ROUND_EXPORT_DEFAULTS)
        setOpen(false)
      },
      onError: (err) => reportExportFailure(err, EXPORT_MESSAGES.roundsFailed),
    })
  }

  const setDate = (field: 'fromDate' | 'toDate') => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Export Competition Round Details</DialogTitle>
          <DialogDescription>
            Export competition round configurations and statistics.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={id('fromDate')} label="From Date">
              {(control) => (
                <Input
                  id={control.id}
                  type="date"
                  value={values.fromDate}
                  onChange={setDate('fromDate')}
                />
              )}
            </FormField>
            <FormField id={id('toDate')} label="To Date">
              {(control) => (
                <Input
                  id={control.id}
                  type="date"
                  value={values.toDate}
                  onChange={setDate('toDate')}
                />
              )}
            </FormField>
          </div>
          <FormField id={id('stageName')} label="Stage Name">
            {(control) => (
              <NativeSelect
                id={control.id}
                value={values.stageName}
                onChange={(event) =>
                  setValues((current) => ({
                    ...current,
                    stageName: event.target.value as StageFilter,
                  }))
                }
              >
                <option value="all">All Stages</option>
                {STAGES.map((stage) => (
                  <option key={stage.id} value={stage.id}>
                    {stage.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <fieldset className="grid gap-3">
            <legend className="mb-3 text-sm leading-none font-medium">Metrics</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {ROUND_EXPORT_METRICS.map((metric) => (
                <MetricCheckbox
                  key={metric}
                  id={id(metric)}
                  metric={metric}
                  checked={values.metrics[metric]}
                  onCheckedChange={(checked) =>
                    setValues((current) => ({
                      ...current,
                      metrics: { ...current.metrics, [metric]: checked },
                    }))
                  }
                />
              ))}
            </div>
          </fieldset>
          <ExportDialogFooter pending={exportRounds.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
