import {
  GRADUATION_YEARS,
  PUBLIC_COURSES,
  registrationInput,
  type RegistrationInput,
} from '@hackathon/contract'
import { useId, useState, type FormEvent, type ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { Input, NativeSelect } from '@/components/ui/input'
import { FieldMessage, Label } from '@/components/ui/label'
import { fieldErrors } from '@/lib/field-errors'

type Field = keyof RegistrationInput
/** Strings as typed; the contract's schema trims and checks them. */
type Values = Record<Field, string>
type Errors = Partial<Record<Field, string>>

/** In the order shown, so a failed submit can focus the first field with a problem. */
const FIELDS: readonly Field[] = [
  'name',
  'email',
  'mobile',
  'studentId',
  'collegeName',
  'course',
  'yearOfGraduation',
  'linkedinProfile',
]

const EMPTY: Values = {
  name: '',
  email: '',
  mobile: '',
  studentId: '',
  collegeName: '',
  course: '',
  yearOfGraduation: '',
  linkedinProfile: '',
}

const HINTS: Partial<Record<Field, string>> = {
  email: 'Your confirmation email goes here, and you can sign in with it later.',
  mobile: 'You can also sign in with this number.',
  linkedinProfile: 'For example, https://www.linkedin.com/in/your-name',
}

function validate(values: Values): { errors: Errors; data: RegistrationInput | null } {
  const parsed = registrationInput.safeParse(values)
  return parsed.success
    ? { errors: {}, data: parsed.data }
    : { errors: fieldErrors<Field>(parsed.error.issues), data: null }
}

/**
 * The public registration form (SPEC.md section 5): checked on submit, then re-checked on every
 * change, so a message goes away as soon as its field is put right.
 */
export function RegistrationForm({
  pending,
  onSubmit,
}: {
  pending: boolean
  onSubmit: (input: RegistrationInput) => void
}) {
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [submitted, setSubmitted] = useState(false)
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

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    if (submitted) setErrors(validate(next).errors)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setSubmitted(true)
    const result = validate(values)
    setErrors(result.errors)
    const firstProblem = FIELDS.find((field) => result.errors[field])
    if (firstProblem) {
      document.getElementById(ids[firstProblem])?.focus()
      return
    }
    if (result.data) onSubmit(result.data)
  }

  const control = (field: Field) => {
    const describedBy = [
      errors[field] && `${ids[field]}-error`,
      HINTS[field] && `${ids[field]}-hint`,
    ]
      .filter(Boolean)
      .join(' ')
    return {
      id: ids[field],
      name: field,
      value: values[field],
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': describedBy || undefined,
      // Room above a field that a failed submit focuses, for its label.
      className: 'scroll-mt-6',
      onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    }
  }
  const row = (field: Field, label: string) => ({
    id: ids[field],
    label,
    error: errors[field],
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
      <Button
        type="submit"
        size="lg"
        aria-disabled={pending}
        className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      >
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
