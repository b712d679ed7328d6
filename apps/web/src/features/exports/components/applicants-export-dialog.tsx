import {
  APPLICANT_STATUS_LABELS,
  EDITABLE_APPLICANT_STATUSES,
  EXPORT_MESSAGES,
  applicantExportFilters,
  type ApplicantExportFilters,
} from '@hackathon/contract'
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
import { fieldErrors } from '@/lib/field-errors'

import { useExportApplicants } from '../api/export-applicants'
import {
  APPLICANT_FILTER_DEFAULTS,
  toApplicantExportFilters,
  type ApplicantFilterValues,
  type StatusFilter,
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

const FIELD_ORDER: readonly Field[] = [
  'fromDate',
  'fromTime',
  'toDate',
  'toTime',
  'collegeName',
  'status',
  'registrationCode',
]

/** 'Export Applicants Data' (SPEC.md section 2); `children` is the element that opens it. */
export function ApplicantsExportDialog({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  // Outside the dialog's content, so that closing it without exporting keeps the filters.
  const [values, setValues] = useState<ApplicantFilterValues>(APPLICANT_FILTER_DEFAULTS)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const exportApplicants = useExportApplicants()
  const idPrefix = useId()
  const id = (field: Field) => `${idPrefix}-${field}`

  function onOpenChange(next: boolean) {
    setOpen(next)
    if (!next) setErrors({})
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const filters = toApplicantExportFilters(values)
    const parsed = applicantExportFilters.safeParse(filters)
    if (!parsed.success) {
      const byRequestField = fieldErrors<keyof ApplicantExportFilters>(parsed.error.issues)
      const next: Partial<Record<Field, string>> = {}
      for (const [field, message] of Object.entries(byRequestField)) {
        next[FIELD_OF[field as keyof ApplicantExportFilters]] = message
      }
      setErrors(next)
      const first = FIELD_ORDER.find((field) => next[field])
      if (first) document.getElementById(id(first))?.focus()
      return
    }
    setErrors({})
    exportApplicants.mutate(filters, {
      onSuccess: ({ rows }) => {
        const texts = { done: EXPORT_MESSAGES.applicantsDone, none: EXPORT_MESSAGES.applicantsNone }
        // None matched: the dialog stays open with its filters, to widen them.
        if (!reportExportResult(rows, { ...texts, one: 'applicant', many: 'applicants' })) return
        setValues(APPLICANT_FILTER_DEFAULTS)
        setOpen(false)
      },
      onError: (err) => reportExportFailure(err, EXPORT_MESSAGES.applicantsFailed),
    })
  }

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))

  const textField = (
    field: Field,
    label: string,
    input: { type?: string; hint?: string; autoComplete?: string },
  ) => (
    <FormField id={id(field)} label={label} error={errors[field]} hint={input.hint}>
      {(control) => (
        <Input
          id={control.id}
          type={input.type}
          autoComplete={input.autoComplete ?? 'off'}
          value={values[field]}
          onChange={set(field)}
          aria-describedby={control.describedBy}
          aria-invalid={control.invalid || undefined}
        />
      )}
    </FormField>
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
          <FormField id={id('status')} label="Status" error={errors.status}>
            {(control) => (
              <NativeSelect
                id={control.id}
                value={values.status}
                onChange={(event) =>
                  setValues((current) => ({
                    ...current,
                    status: event.target.value as StatusFilter,
                  }))
                }
                aria-describedby={control.describedBy}
                aria-invalid={control.invalid || undefined}
              >
                <option value="all">All Statuses</option>
                {EDITABLE_APPLICANT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {APPLICANT_STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {textField('registrationCode', 'Registration Code', {})}
          <ExportDialogFooter pending={exportApplicants.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
