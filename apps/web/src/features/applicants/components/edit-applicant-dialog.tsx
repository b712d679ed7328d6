import {
  APPLICANT_MESSAGES,
  APPLICANT_STATUS_LABELS,
  EDITABLE_APPLICANT_STATUSES,
  GRADUATION_YEARS,
  applicantUpdateFor,
  type Applicant,
  type ApplicantUpdateInput,
} from '@hackathon/contract'
import { RotateCw } from 'lucide-react'
import { useEffect, useMemo, useRef, useState, type ComponentProps } from 'react'

import { SelectField } from '@/components/form/fields'
import { SaveFailure } from '@/components/form/save-failure'
import { bindField, useZodForm } from '@/components/form/use-zod-form'
import { Button } from '@/components/ui/button'
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
import { handleUnauthorized } from '@/lib/unauthorized'

import { useReloadApplicant } from '../api/get-applicant'
import { useUpdateApplicant } from '../api/update-applicant'
import { GraduationYearField, LinkedinField, PersonFields, StudyFields } from './applicant-fields'
import { DialogFormFooter } from './dialog-form-footer'

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

/** The 409 of an edit made from a version someone else changed since (another admin, a decision). */
const CHANGED_SINCE_OPENED = 'APPLICANT_CHANGED'

/** The one of two copies of an applicant that was changed last. */
const newer = (a: Applicant, b: Applicant | null) =>
  b && b.id === a.id && Date.parse(b.updatedAt) > Date.parse(a.updatedAt) ? b : a

export interface EditApplicantDialogProps {
  /** The applicant being edited; kept while the dialog closes so its text does not blank out. */
  applicant: Applicant | null
  open: boolean
  onClose: () => void
  onCloseAutoFocus: ComponentProps<typeof DialogContent>['onCloseAutoFocus']
}

/** docs/product/applicants.md#edit: the admin corrects details or sets the status. */
export function EditApplicantDialog({
  applicant,
  open,
  onClose,
  onCloseAutoFocus,
}: EditApplicantDialogProps) {
  const update = useUpdateApplicant()
  const reload = useReloadApplicant()
  /** Why the server refused the status chosen, for the applicant it was chosen for. */
  const [statusRefusal, setStatusRefusal] = useState<{ id: string; message: string } | null>(null)
  /** That someone else changed the applicant since the form opened (or why reading it failed). */
  const [conflict, setConflict] = useState<{ id: string; message: string } | null>(null)
  /** Why the last save failed otherwise: said in the dialog too, where focus stays (issue 22). */
  const [failure, setFailure] = useState<{ id: string; message: string } | null>(null)
  /** The applicant as read again after a conflict: the form starts over from it. */
  const [reloaded, setReloaded] = useState<Applicant | null>(null)
  const current = applicant && newer(applicant, reloaded)

  function submit(input: ApplicantUpdateInput) {
    if (!current || update.isPending) return
    const applicant = current
    setStatusRefusal(null)
    setConflict(null)
    setFailure(null)
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
          // Said in the form, with the way on: saving again could only be refused again.
          if (apiErrorStatus(err) === 409 && code === CHANGED_SINCE_OPENED) {
            setConflict({ id: applicant.id, message: errorMessage(err, code) })
            return
          }
          // A session that ran out: sign in again and come back here, as on Add Applicant.
          if (handleUnauthorized(err)) return
          const message = errorMessage(err, 'Failed to update applicant')
          // The toast sits outside the modal dialog, hidden from assistive technology while it
          // is open: the dialog says it too, and its message takes focus.
          setFailure({ id: applicant.id, message })
          toast({ variant: 'destructive', title: 'Error', description: message })
        },
      },
    )
  }

  function reloadApplicant() {
    if (!current || reload.isPending) return
    const { id } = current
    reload.mutate(id, {
      onSuccess: (fresh) => {
        setReloaded(fresh)
        setConflict(null)
        setStatusRefusal(null)
      },
      onError: (err) =>
        setConflict({
          id,
          message: errorMessage(err, 'The applicant could not be loaded. Please try again.'),
        }),
    })
  }

  return (
    <Dialog open={open} onOpenChange={(next) => next || update.isPending || onClose()}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Edit Applicant</DialogTitle>
          <DialogDescription>
            {current
              ? `Update the details and status of ${current.name} (${current.registrationId}).`
              : 'Update the applicant’s details and status.'}
          </DialogDescription>
        </DialogHeader>
        {current && (
          // Keyed, so opening another applicant, or reloading this one, starts from its values.
          <EditApplicantForm
            key={`${current.id}@${current.updatedAt}`}
            applicant={current}
            pending={update.isPending}
            statusRefusal={statusRefusal?.id === current.id ? statusRefusal.message : undefined}
            onStatusEdited={() => setStatusRefusal(null)}
            conflict={conflict?.id === current.id ? conflict.message : undefined}
            failure={failure?.id === current.id ? failure.message : undefined}
            reloading={reload.isPending}
            onReload={reloadApplicant}
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
    // Possibly one the form cannot set (a later stage's): the schema then says so beside it.
    status: applicant.status as ApplicantUpdateInput['status'],
    // Sent back with the edit: the server refuses it if the applicant changed since (409).
    version: applicant.updatedAt,
  }
}

function EditApplicantForm({
  applicant,
  pending,
  statusRefusal,
  onStatusEdited,
  conflict,
  failure,
  reloading,
  onReload,
  onSubmit,
}: {
  applicant: Applicant
  pending: boolean
  /** The server's reason for refusing the status chosen; it goes once another is chosen. */
  statusRefusal?: string
  onStatusEdited: () => void
  /** Why this form's values cannot be saved as they are: the applicant changed since it opened. */
  conflict?: string
  /** Why the last save failed, when neither of the above. */
  failure?: string
  reloading: boolean
  /** Reads the applicant again; the form then starts over from the stored values. */
  onReload: () => void
  onSubmit: (input: ApplicantUpdateInput) => void
}) {
  // The server's rules for this applicant: a value stored before a rule may stay (issue 22).
  const schema = useMemo(() => applicantUpdateFor(applicant), [applicant])
  const form = useZodForm(schema, { defaultValues: valuesOf(applicant) })
  const field = (name: keyof ReturnType<typeof valuesOf>) => bindField(form, name)
  const status = bindField(form, 'status', { onChange: onStatusEdited })
  const reloadButton = useRef<HTMLButtonElement>(null)
  const { setFocus } = form
  // The refusal is read out with the field it is about, which takes focus.
  useEffect(() => {
    if (statusRefusal) setFocus('status')
  }, [statusRefusal, setFocus])
  // The conflict's only way on is its button, which takes focus.
  useEffect(() => {
    if (conflict) reloadButton.current?.focus()
  }, [conflict])
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
        <PersonFields field={field} />
        <StudyFields college={field('collegeName')} course={field('course')} />
        <GraduationYearField years={years} {...field('yearOfGraduation')} />
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
        <LinkedinField className="sm:col-span-2" {...field('linkedinProfile')} />
      </div>
      {conflict && (
        <div
          role="alert"
          className="grid justify-items-start gap-3 rounded-md border border-destructive/50 p-4 text-sm"
        >
          <p>{conflict}</p>
          <Button
            ref={reloadButton}
            type="button"
            variant="outline"
            size="sm"
            aria-disabled={reloading}
            onClick={() => reloading || onReload()}
          >
            <RotateCw aria-hidden="true" />
            {reloading ? 'Reloading...' : 'Reload applicant'}
          </Button>
        </div>
      )}
      {/* Any other failure: focus stays in the dialog, on the message that says why. */}
      <SaveFailure message={failure} />
      <DialogFormFooter pending={pending}>
        {pending ? 'Saving...' : 'Save Changes'}
      </DialogFormFooter>
    </form>
  )
}
