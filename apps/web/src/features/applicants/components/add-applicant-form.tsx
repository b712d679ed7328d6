import {
  APPLICANT_MESSAGES,
  GRADUATION_YEARS,
  manualApplicantInput,
  type ManualApplicantInput,
} from '@hackathon/contract'
import { UserPlus } from 'lucide-react'
import { Link } from 'wouter'

import { bindField, useZodForm } from '@/components/form/use-zod-form'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'
import { handleUnauthorized } from '@/lib/unauthorized'

import { useAddApplicant } from '../api/add-applicant'
import { GraduationYearField, LinkedinField, PersonFields, StudyFields } from './applicant-fields'

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

/** docs/product/applicants.md#add: an admin registers a participant by hand. */
export function AddApplicantForm({
  cancelHref,
  onAdded,
}: {
  cancelHref: string
  onAdded: () => void
}) {
  const form = useZodForm(manualApplicantInput, { defaultValues: EMPTY })
  const field = (name: keyof typeof EMPTY) => bindField(form, name)
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
        <PersonFields field={field} placeholders={PLACEHOLDERS} />
        <StudyFields
          college={field('college')}
          course={field('course')}
          placeholders={PLACEHOLDERS}
        />
        <GraduationYearField years={GRADUATION_YEARS.editForm} prompt {...field('year')} />
        <LinkedinField {...field('linkedinProfile')} />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link href={cancelHref}>Cancel</Link>
        </Button>
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
        <Button type="submit" aria-disabled={add.isPending}>
          <UserPlus aria-hidden="true" />
          {add.isPending ? 'Adding...' : 'Add Applicant'}
        </Button>
      </div>
    </form>
  )
}
