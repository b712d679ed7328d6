import { SelectField, TextField } from '@/components/form/fields'
import type { FieldBinding } from '@/components/form/use-zod-form'

type PersonField = 'name' | 'email' | 'mobile' | 'studentId'

const PERSON_FIELDS: readonly {
  name: PersonField
  label: string
  /** The input's type and keyboard, for the fields that are not plain text. */
  input?: 'email' | 'tel'
}[] = [
  { name: 'name', label: 'Full Name' },
  { name: 'email', label: 'Email Address', input: 'email' },
  { name: 'mobile', label: 'Mobile Number', input: 'tel' },
  { name: 'studentId', label: 'Student ID' },
]

/** Who the applicant is and how to reach them: the first four fields of every applicant form. */
export function PersonFields({
  field,
  placeholders = {},
}: {
  field: (name: PersonField) => FieldBinding
  placeholders?: Partial<Record<PersonField, string>>
}) {
  return PERSON_FIELDS.map(({ name, label, input }) => (
    <TextField
      key={name}
      label={label}
      type={input}
      inputMode={input}
      required
      autoComplete="off"
      spellCheck={input === 'email' ? false : undefined}
      placeholder={placeholders[name]}
      {...field(name)}
    />
  ))
}

/** College and course as free text, as staff type them (the public form offers a course list). */
export function StudyFields({
  college,
  course,
  placeholders = {},
}: {
  college: FieldBinding
  course: FieldBinding
  placeholders?: { college?: string; course?: string }
}) {
  return [
    { label: 'College/Institution', binding: college, placeholder: placeholders.college },
    { label: 'Course/Program', binding: course, placeholder: placeholders.course },
  ].map(({ label, binding, placeholder }) => (
    <TextField
      key={label}
      label={label}
      required
      autoComplete="off"
      placeholder={placeholder}
      {...binding}
    />
  ))
}

export function GraduationYearField({
  years,
  prompt = false,
  ...binding
}: FieldBinding & {
  years: readonly string[]
  /** Starts on an empty 'Select year' choice rather than on the first year. */
  prompt?: boolean
}) {
  return (
    <SelectField label="Year of Graduation" required {...binding}>
      {prompt && <option value="">Select year</option>}
      {years.map((year) => (
        <option key={year} value={year}>
          {year}
        </option>
      ))}
    </SelectField>
  )
}

export function LinkedinField({ className, ...binding }: FieldBinding & { className?: string }) {
  return (
    <TextField
      label="LinkedIn Profile (Optional)"
      type="url"
      inputMode="url"
      autoComplete="off"
      spellCheck={false}
      placeholder="https://linkedin.com/in/username"
      className={className}
      {...binding}
    />
  )
}
