import {
  APPLICANT_STATUS_LABELS,
  EDITABLE_APPLICANT_STATUSES,
  EXPORT_MESSAGES,
  applicantExportFilters,
  type ApplicantExportFilters,
} from '@hackathon/contract'
import { useId, useState, type ReactNode } from 'react'

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

import { useExportApplicants } from '../api/export-applicants'
import {
  APPLICANT_FILTER_DEFAULTS,
  toApplicantExportFilters,
  type ApplicantFilterValues,
} from '../applicant-filters'
import { reportExportFailure, reportExportResult } from '../report-export'
import { ExportDialogFooter } from './export-dialog-footer'

type Field = keyof ApplicantFilterValues

/** Where a problem with a request field is shown: a date-time's under its date. */
const FIELD_OF: Record<keyof ApplicantExportFilters, Field> = {
  fromDateTime: 'fromDate',
  toDateTime: 'toDate',
  collegeName: 'collegeName',
  status: 'status',
  registrationCode: 'registrationCode',
}

/** The contract's filters, from the dialog's fields; each problem beside the field it is about. */
const exportForm = formSchema(applicantExportFilters, {
  input: toApplicantExportFilters,
  issue: (problem) => {
    const field = FIELD_OF[problem.path[0] as keyof ApplicantExportFilters]
    return field ? { path: [field], message: problem.message } : null
  },
})

/**
 * What else a change re-checks once the dialog was submitted: a date-time's problem is shown on
 * its date, and the period's order on its end.
 */
const DEPENDS: Partial<Record<Field, Field[]>> = {
  fromDate: ['toDate'],
  fromTime: ['fromDate', 'toDate'],
  toTime: ['toDate'],
}

/**
 * docs/product/exports-and-uploads.md#applicants-export; `children` is the element that opens it.
 */
export function ApplicantsExportDialog({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  // Outside the dialog's content, so that closing it without exporting keeps the filters.
  const form = useZodForm(exportForm, { defaultValues: APPLICANT_FILTER_DEFAULTS })
  const exportApplicants = useExportApplicants()
  const idPrefix = useId()
  const id = (field: Field) => `${idPrefix}-${field}`

  function onOpenChange(next: boolean) {
    setOpen(next)
    if (!next) form.clearErrors()
  }

  const submit = form.handleSubmit((filters) => {
    exportApplicants.mutate(filters, {
      onSuccess: ({ rows }) => {
        const texts = { done: EXPORT_MESSAGES.applicantsDone, none: EXPORT_MESSAGES.applicantsNone }
        // None matched: the dialog stays open with its filters, to widen them.
        if (!reportExportResult(rows, { ...texts, one: 'applicant', many: 'applicants' })) return
        form.reset(APPLICANT_FILTER_DEFAULTS)
        setOpen(false)
      },
      onError: (err) => reportExportFailure(err, EXPORT_MESSAGES.applicantsFailed),
    })
  })

  const textField = (
    field: Exclude<Field, 'status'>,
    label: string,
    input: { type?: string; hint?: string; autoComplete?: string },
  ) => (
    <TextField
      id={id(field)}
      label={label}
      type={input.type}
      hint={input.hint}
      autoComplete={input.autoComplete ?? 'off'}
      {...bindField(form, field, { deps: DEPENDS[field] })}
    />
  )

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Export Applicants Data</DialogTitle>
          <DialogDescription>
            Set filters to export specific applicant data. Leave fields empty to include all data.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {textField('fromDate', 'From Date', { type: 'date' })}
            {textField('fromTime', 'From Time', { type: 'time', hint: 'UTC' })}
            {textField('toDate', 'To Date', { type: 'date' })}
            {textField('toTime', 'To Time', { type: 'time', hint: 'UTC' })}
          </div>
          {textField('collegeName', 'College Name', { hint: 'Matches any part of the name.' })}
          <SelectField id={id('status')} label="Status" {...bindField(form, 'status')}>
            <option value="all">All Statuses</option>
            {EDITABLE_APPLICANT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {APPLICANT_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          {textField('registrationCode', 'Registration Code', {})}
          <ExportDialogFooter pending={exportApplicants.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
