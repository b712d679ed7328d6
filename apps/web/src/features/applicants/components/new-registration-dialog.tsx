import {
  CORE_COURSES,
  GRADUATION_YEARS,
  registrationInput,
  type RegistrationInput,
} from '@hackathon/contract'
import { UserPlus } from 'lucide-react'
import { useState } from 'react'

import { SelectField, TextField } from '@/components/form/fields'
import { bindField, useZodForm } from '@/components/form/use-zod-form'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'

import { EMPTY_REGISTRATION, useRegisterApplicant } from '@/lib/register-applicant'
import { GraduationYearField, LinkedinField, PersonFields } from './applicant-fields'
import { DialogFormFooter } from './dialog-form-footer'

/** docs/product/applicants.md#new-registration: the public registration, filled in by an admin. */
export function NewRegistrationDialog() {
  const [open, setOpen] = useState(false)
  const register = useRegisterApplicant()

  function submit(input: RegistrationInput) {
    if (register.isPending) return
    register.mutate(input, {
      onSuccess: ({ registrationId }) => {
        toast({
          title: 'Registration Successful',
          description: `${input.name} is registered with ID ${registrationId}.`,
        })
        setOpen(false)
      },
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Registration Failed',
          description: errorMessage(err, 'Registration failed. Please try again.'),
        }),
    })
  }

  return (
    <Dialog open={open} onOpenChange={(next) => register.isPending || setOpen(next)}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          New Registration
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>New Registration</DialogTitle>
          <DialogDescription>
            Register a participant for the hackathon. Every field is required except the LinkedIn
            profile.
          </DialogDescription>
        </DialogHeader>
        {/* Inside the content, which unmounts on close: the next registration starts empty. */}
        <RegistrationForm pending={register.isPending} onSubmit={submit} />
      </DialogContent>
    </Dialog>
  )
}

function RegistrationForm({
  pending,
  onSubmit,
}: {
  pending: boolean
  onSubmit: (input: RegistrationInput) => void
}) {
  const form = useZodForm(registrationInput, { defaultValues: EMPTY_REGISTRATION })
  const field = (name: keyof typeof EMPTY_REGISTRATION) => bindField(form, name)

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonFields field={field} />
        <TextField
          label="College Name"
          required
          autoComplete="off"
          className="sm:col-span-2"
          {...field('collegeName')}
        />
        <SelectField label="Course" required {...field('course')}>
          <option value="">Select course</option>
          {CORE_COURSES.map((course) => (
            <option key={course} value={course}>
              {course}
            </option>
          ))}
        </SelectField>
        <GraduationYearField
          years={GRADUATION_YEARS.adminModal}
          prompt
          {...field('yearOfGraduation')}
        />
        <LinkedinField className="sm:col-span-2" {...field('linkedinProfile')} />
      </div>
      <DialogFormFooter pending={pending}>
        {pending ? 'Registering...' : 'Register'}
      </DialogFormFooter>
    </form>
  )
}
