import {
  EXPORT_MESSAGES,
  ROUND_EXPORT_METRICS,
  STAGES,
  roundExportRequest,
} from '@hackathon/contract'
import { useId, useState, type ReactNode } from 'react'
import { Controller } from 'react-hook-form'

import { SelectField, TextField } from '@/components/form/fields'
import { formSchema } from '@/components/form/form-schema'
import { bindField, useZodForm } from '@/components/form/use-zod-form'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'

import { useExportRounds } from '../api/export-rounds'
import { ROUND_EXPORT_DEFAULTS, toRoundExportRequest } from '../round-export-values'
import { reportExportFailure, reportExportResult } from '../report-export'
import { ExportDialogFooter } from './export-dialog-footer'
import { MetricCheckbox } from './metric-checkbox'

/** The contract's request, from the dialog's choices; a filter's problem beside its field. */
const exportForm = formSchema(roundExportRequest, {
  input: toRoundExportRequest,
  issue: (problem) => ({
    path: problem.path[0] === 'filters' ? problem.path.slice(1) : problem.path,
    message: problem.message,
  }),
})

/** docs/product/exports-and-uploads.md#rounds-export; `children` is the element that opens it. */
export function RoundsExportDialog({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  // Outside the dialog's content, so that closing it without exporting keeps the choices.
  const form = useZodForm(exportForm, { defaultValues: ROUND_EXPORT_DEFAULTS })
  const exportRounds = useExportRounds()
  const idPrefix = useId()
  const id = (name: string) => `${idPrefix}-${name}`

  const submit = form.handleSubmit((request) => {
    exportRounds.mutate(request, {
      onSuccess: ({ rows }) => {
        const texts = { done: EXPORT_MESSAGES.roundsDone, none: EXPORT_MESSAGES.roundsNone }
        // None matched: the dialog stays open with its filters, to widen them.
        if (!reportExportResult(rows, { ...texts, one: 'round', many: 'rounds' })) return
        form.reset(ROUND_EXPORT_DEFAULTS)
        setOpen(false)
      },
      onError: (err) => reportExportFailure(err, EXPORT_MESSAGES.roundsFailed),
    })
  })

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
            <TextField
              id={id('fromDate')}
              label="From Date"
              type="date"
              {...bindField(form, 'fromDate')}
            />
            <TextField
              id={id('toDate')}
              label="To Date"
              type="date"
              {...bindField(form, 'toDate')}
            />
          </div>
          <SelectField id={id('stageName')} label="Stage Name" {...bindField(form, 'stageName')}>
            <option value="all">All Stages</option>
            {STAGES.map((stage) => (
              <option key={stage.id} value={stage.id}>
                {stage.name}
              </option>
            ))}
          </SelectField>
          <fieldset className="grid gap-3">
            <legend className="mb-3 text-sm leading-none font-medium">Metrics</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {ROUND_EXPORT_METRICS.map((metric) => (
                <Controller
                  key={metric}
                  control={form.control}
                  name={`metrics.${metric}`}
                  render={({ field }) => (
                    <MetricCheckbox
                      id={id(metric)}
                      metric={metric}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                    />
                  )}
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
