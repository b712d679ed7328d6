import {
  GRADUATION_YEARS,
  PUBLIC_COURSES,
  registrationInput,
  type RegistrationInput,
} from '@hackathon/contract'
import { useId, type FormEvent, type ReactNode } from 'react'

import { errorOf, useZodForm } from '@/components/form/use-zod-form'
import { Button } from '@/components/ui/button'
import { Input, NativeSelect } from '@/components/ui/input'
import { FieldMessage, Label } from '@/components/ui/label'
import { EMPTY_REGISTRATION } from '@/lib/register-applicant'

type Field = keyof RegistrationInput

const HINTS: Partial<Record<Field, string>> = {
  email: 'Your confirmation email goes here, and you can sign in with it later.',
  mobile: 'You can also sign in with this number.',
  linkedinProfile: 'For example, https://www.linkedin.com/in/your-name',
}

/**
 * The public registration form (docs/product/registration.md#the-forms): checked on submit, then
 * re-checked on every change, so a message goes away as soon as its field is put right.
 */
export function RegistrationForm({
  pending,
  onSubmit,
}: {
  pending: boolean
  onSubmit: (input: RegistrationInput) => void
}) {
  const form = useZodForm(registrationInput, { defaultValues: EMPTY_REGISTRATION })
  const ids: Record<Field, string> = {
    name: useId(),
    email: useId(),
    mobile: useId(),
    studentId: useId(),
    collegeName: useId(),
    course: useId(),
    yearOfGraduation: useId(),
    linkedinProfile: useId(),
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (pending) {
      event.preventDefault()
      return
    }
    void form.handleSubmit(onSubmit)(event)
  }

  const control = (field: Field) => {
    const error = errorOf(form, field)
    const describedBy = [error && `${ids[field]}-error`, HINTS[field] && `${ids[field]}-hint`]
      .filter(Boolean)
      .join(' ')
    return {
      id: ids[field],
      ...form.register(field),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      // Room above a field that a failed submit focuses, for its label.
      className: 'scroll-mt-6',
    }
  }
  const row = (field: Field, label: string) => ({
    id: ids[field],
    label,
    error: errorOf(form, field),
    hint: HINTS[field],
  })

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        All fields are required unless marked optional.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FieldRow {...row('name', 'Full Name')} wide>
          <Input {...control('name')} required autoComplete="name" />
        </FieldRow>
        <FieldRow {...row('email', 'Email Address')}>
          <Input
            {...control('email')}
            required
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
          />
        </FieldRow>
        <FieldRow {...row('mobile', 'Mobile Number')}>
          <Input {...control('mobile')} required type="tel" inputMode="tel" autoComplete="tel" />
        </FieldRow>
        <FieldRow {...row('studentId', 'Student ID')}>
          <Input {...control('studentId')} required autoComplete="off" spellCheck={false} />
        </FieldRow>
        <FieldRow {...row('collegeName', 'College/Institution')}>
          <Input {...control('collegeName')} required autoComplete="organization" />
        </FieldRow>
        <FieldRow {...row('course', 'Course/Program')}>
          <NativeSelect {...control('course')} required>
            <option value="" disabled>
              Select your course
            </option>
            {PUBLIC_COURSES.map((course) => (
              <option key={course} value={course}>
                {course}
              </option>
            ))}
          </NativeSelect>
        </FieldRow>
        <FieldRow {...row('yearOfGraduation', 'Year of Graduation')}>
          <NativeSelect {...control('yearOfGraduation')} required>
            <option value="" disabled>
              Select your year
            </option>
            {GRADUATION_YEARS.publicForm.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </NativeSelect>
        </FieldRow>
        <FieldRow {...row('linkedinProfile', 'LinkedIn Profile (Optional)')} wide>
          <Input
            {...control('linkedinProfile')}
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
          />
        </FieldRow>
      </div>
      {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
      <Button type="submit" size="lg" aria-disabled={pending} className="w-full">
        {pending ? 'Registering...' : 'Register'}
      </Button>
    </form>
  )
}

/** A label, its control, and the error and hint lines that the control points to. */
function FieldRow({
  id,
  label,
  error,
  hint,
  wide = false,
  children,
}: {
  id: string
  label: string
  error: string | undefined
  hint: string | undefined
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div className={wide ? 'grid content-start gap-2 sm:col-span-2' : 'grid content-start gap-2'}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <FieldMessage error id={`${id}-error`}>
          {error}
        </FieldMessage>
      )}
      {hint && <FieldMessage id={`${id}-hint`}>{hint}</FieldMessage>}
    </div>
  )
}
