import {
  APPLICANT_MESSAGES,
  GRADUATION_YEARS,
  manualApplicantInput,
  type ManualApplicantInput,
} from '@hackathon/contract'
import { UserPlus } from 'lucide-react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'
import { handleUnauthorized } from '@/lib/unauthorized'

import { useAddApplicant } from '../api/add-applicant'
import { useSchemaForm } from '../hooks/use-schema-form'
import { GraduationYearField, LinkedinField, PersonFields, StudyFields } from './applicant-fields'

const BUSY = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50'

/** In display order: a failed submit focuses the first field with a problem. */
const EMPTY = {
  name: '',
  email: '',
  mobile: '',
  studentId: '',
  college: '',
  course: '',
  year: '',
  linkedinProfile: '',
}

const PLACEHOLDERS = {
  name: 'Enter full name',
  email: 'name@example.com',
  mobile: '10-digit mobile number',
  studentId: 'Enter student ID',
  college: 'Enter college or institution name',
  course: 'e.g., Computer Science',
}

/** SPEC.md sections 2, 5 and 8, "Add Applicant": an admin registers a participant by hand. */
export function AddApplicantForm({
  cancelHref,
  onAdded,
}: {
  cancelHref: string
  onAdded: () => void
}) {
  const form = useSchemaForm(manualApplicantInput, EMPTY)
  const add = useAddApplicant()

  function submit(input: ManualApplicantInput) {
    if (add.isPending) return
    add.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Success', description: APPLICANT_MESSAGES.added })
        onAdded()
      },
      onError: (err) => {
        if (handleUnauthorized(err)) return
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(err, APPLICANT_MESSAGES.addFailed),
        })
      },
    })
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonFields field={form.field} placeholders={PLACEHOLDERS} />
        <StudyFields
          college={form.field('college')}
          course={form.field('course')}
          placeholders={PLACEHOLDERS}
        />
        <GraduationYearField years={GRADUATION_YEARS.editForm} prompt {...form.field('year')} />
        <LinkedinField {...form.field('linkedinProfile')} />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link href={cancelHref}>Cancel</Link>
        </Button>
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
        <Button type="submit" aria-disabled={add.isPending} className={BUSY}>
          <UserPlus aria-hidden="true" />
          {add.isPending ? 'Adding...' : 'Add Applicant'}
        </Button>
      </div>
    </form>
  )
}
