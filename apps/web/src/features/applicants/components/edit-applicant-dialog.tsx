import {
  APPLICANT_MESSAGES,
  APPLICANT_STATUS_LABELS,
  EDITABLE_APPLICANT_STATUSES,
  GRADUATION_YEARS,
  applicantUpdateInput,
  type Applicant,
  type ApplicantUpdateInput,
} from '@hackathon/contract'
import type { ComponentProps } from 'react'

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'

import { useUpdateApplicant } from '../api/update-applicant'
import { useSchemaForm } from '../hooks/use-schema-form'
import { GraduationYearField, LinkedinField, PersonFields, StudyFields } from './applicant-fields'
import { DialogFormFooter } from './dialog-form-footer'
import { SelectField } from './form-fields'

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

  function submit(input: ApplicantUpdateInput) {
    if (!applicant || update.isPending) return
    update.mutate(
      { id: applicant.id, input },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: APPLICANT_MESSAGES.updated })
          onClose()
        },
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(err, 'Failed to update applicant'),
          }),
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
  onSubmit,
}: {
  applicant: Applicant
  pending: boolean
  onSubmit: (input: ApplicantUpdateInput) => void
}) {
  const form = useSchemaForm(applicantUpdateInput, () => valuesOf(applicant))
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
          {...form.field('status')}
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
