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
import { SelectField, TextField } from './form-fields'

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
        <TextField
          label="Full Name"
          required
          autoComplete="off"
          placeholder="Enter full name"
          {...form.field('name')}
        />
        <TextField
          label="Email Address"
          type="email"
          inputMode="email"
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="name@example.com"
          {...form.field('email')}
        />
        <TextField
          label="Mobile Number"
          type="tel"
          inputMode="tel"
          required
          autoComplete="off"
          placeholder="10-digit mobile number"
          {...form.field('mobile')}
        />
        <TextField
          label="Student ID"
          required
          autoComplete="off"
          placeholder="Enter student ID"
          {...form.field('studentId')}
        />
        <TextField
          label="College/Institution"
          required
          autoComplete="off"
          placeholder="Enter college or institution name"
          {...form.field('college')}
        />
        <TextField
          label="Course/Program"
          required
          autoComplete="off"
          placeholder="e.g., Computer Science"
          {...form.field('course')}
        />
        <SelectField label="Year of Graduation" required {...form.field('year')}>
          <option value="">Select year</option>
          {GRADUATION_YEARS.editForm.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </SelectField>
        <TextField
          label="LinkedIn Profile (Optional)"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://linkedin.com/in/username"
          {...form.field('linkedinProfile')}
        />
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
