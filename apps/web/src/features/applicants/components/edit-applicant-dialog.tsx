import {
  APPLICANT_MESSAGES,
  APPLICANT_STATUS_LABELS,
  EDITABLE_APPLICANT_STATUSES,
  GRADUATION_YEARS,
  applicantUpdateInput,
  type Applicant,
  type ApplicantUpdateInput,
} from '@hackathon/contract'
import { useEffect, useState, type ComponentProps } from 'react'

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { toast } from '@/components/ui/use-toast'
import { apiErrorCode } from '@/lib/api-error-code'
import { apiErrorStatus, errorMessage } from '@/lib/error-message'

import { useUpdateApplicant } from '../api/update-applicant'
import { useSchemaForm } from '../hooks/use-schema-form'
import { GraduationYearField, LinkedinField, PersonFields, StudyFields } from './applicant-fields'
import { DialogFormFooter } from './dialog-form-footer'
import { SelectField } from './form-fields'

/**
 * 409 codes of a status the applicant's records in the rounds do not allow (the server turns the
 * status into a pipeline decision, docs/product/pipeline.md#status): said beside the Status field.
 */
const STATUS_REFUSALS = new Set([
  'STATUS_NOT_REACHED',
  'NOT_SUBMITTED',
  'LATER_ROUND',
  'NOT_IN_ROUND',
  'NOT_FINAL',
  'NO_SUBMISSION',
  'HAS_SUBMISSION',
])

export interface EditApplicantDialogProps {
  /** The applicant being edited; kept while the dialog closes so its text does not blank out. */
  applicant: Applicant | null
  open: boolean
  onClose: () => void
  onCloseAutoFocus: ComponentProps<typeof DialogContent>['onCloseAutoFocus']
}

/** SPEC.md section 5, "Applicant edit (admin)": the admin corrects details or sets the status. */
export function EditApplicantDialog({
  applicant,
  open,
  onClose,
  onCloseAutoFocus,
}: EditApplicantDialogProps) {
  const update = useUpdateApplicant()
  /** Why the server refused the status chosen, for the applicant it was chosen for. */
  const [statusRefusal, setStatusRefusal] = useState<{ id: string; message: string } | null>(null)

  function submit(input: ApplicantUpdateInput) {
    if (!applicant || update.isPending) return
    setStatusRefusal(null)
    update.mutate(
      { id: applicant.id, input },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: APPLICANT_MESSAGES.updated })
          onClose()
        },
        onError: (err) => {
          const code = apiErrorCode(err)
          if (apiErrorStatus(err) === 409 && code && STATUS_REFUSALS.has(code)) {
            setStatusRefusal({ id: applicant.id, message: errorMessage(err, code) })
            return
          }
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(err, 'Failed to update applicant'),
          })
        },
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={(next) => next || update.isPending || onClose()}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Edit Applicant</DialogTitle>
          <DialogDescription>
            {applicant
              ? `Update the details and status of ${applicant.name} (${applicant.registrationId}).`
              : 'Update the applicant’s details and status.'}
          </DialogDescription>
        </DialogHeader>
        {applicant && (
          // Keyed, so opening another applicant starts from that applicant's values.
          <EditApplicantForm
            key={applicant.id}
            applicant={applicant}
            pending={update.isPending}
            statusRefusal={statusRefusal?.id === applicant.id ? statusRefusal.message : undefined}
            onStatusEdited={() => setStatusRefusal(null)}
            onSubmit={submit}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function valuesOf(applicant: Applicant) {
  return {
    name: applicant.name,
    email: applicant.email,
    mobile: applicant.mobile,
    studentId: applicant.studentId,
    collegeName: applicant.collegeName,
    course: applicant.course,
    yearOfGraduation: applicant.yearOfGraduation,
    linkedinProfile: applicant.linkedinProfile ?? '',
    status: applicant.status as string,
  }
}

function EditApplicantForm({
  applicant,
  pending,
  statusRefusal,
  onStatusEdited,
  onSubmit,
}: {
  applicant: Applicant
  pending: boolean
  /** The server's reason for refusing the status chosen; it goes once another is chosen. */
  statusRefusal?: string
  onStatusEdited: () => void
  onSubmit: (input: ApplicantUpdateInput) => void
}) {
  const form = useSchemaForm(applicantUpdateInput, () => valuesOf(applicant))
  const status = form.field('status')
  // The refusal is read out with the field it is about, which takes focus.
  useEffect(() => {
    if (statusRefusal) document.getElementById(status.id)?.focus()
  }, [statusRefusal, status.id])
  // Data from before the 2024-2030 list, or a later status, stays visible rather than being
  // silently replaced by the first option.
  const years = GRADUATION_YEARS.editForm.includes(applicant.yearOfGraduation)
    ? GRADUATION_YEARS.editForm
    : [applicant.yearOfGraduation, ...GRADUATION_YEARS.editForm]
  const statusIsEditable = (EDITABLE_APPLICANT_STATUSES as readonly string[]).includes(
    applicant.status,
  )

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonFields field={form.field} />
        <StudyFields college={form.field('collegeName')} course={form.field('course')} />
        <GraduationYearField years={years} {...form.field('yearOfGraduation')} />
        <SelectField
          label="Status"
          required
          hint={
            statusIsEditable
              ? undefined
              : `${APPLICANT_STATUS_LABELS[applicant.status]} cannot be set here: choose another status to save changes.`
          }
          {...status}
          error={status.error ?? statusRefusal}
          onChange={(event) => {
            onStatusEdited()
            status.onChange(event)
          }}
        >
          {!statusIsEditable && (
            <option value={applicant.status} disabled>
              {APPLICANT_STATUS_LABELS[applicant.status]}
            </option>
          )}
          {EDITABLE_APPLICANT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {APPLICANT_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <LinkedinField className="sm:col-span-2" {...form.field('linkedinProfile')} />
      </div>
      <DialogFormFooter pending={pending}>
        {pending ? 'Saving...' : 'Save Changes'}
      </DialogFormFooter>
    </form>
  )
}
