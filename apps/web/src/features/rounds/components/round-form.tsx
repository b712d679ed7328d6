import { ROUND_STATUSES, type RoundInput } from '@hackathon/contract'
import { Plus } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { DialogClose, DialogFooter } from '@/components/ui/dialog'
import { Input, NativeSelect } from '@/components/ui/input'
import { FieldMessage } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { viewerTimeZone } from '@/lib/date-time'
import { errorMessage } from '@/lib/error-message'
import { handleUnauthorized } from '@/lib/unauthorized'

import { useUploadTemplate } from '../api/upload-template'
import {
  FORM_FIELDS,
  REQUIREMENT_FIELDS,
  newRequirementRow,
  templateFileProblem,
  validateRound,
  type RequirementRow as Row,
  type RoundFormErrors,
  type RoundFormValues,
} from '../round-form-values'
import { RequirementRow, requirementIds, type UploadState } from './requirement-row'
import { ROUND_STATUS_LABELS } from './round-status-badge'

const BUSY = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50'
const NO_ERRORS: RoundFormErrors = { fields: {}, rows: {} }

export interface RoundFormProps {
  initial: () => RoundFormValues
  /**
   * The highest stage number the round can take: the rounds there are, plus one when new; null
   * while the rounds are not known (the server then places a number past the last one last).
   */
  maxPosition: number | null
  /** What the stage number field says under it. */
  positionHint: string
  pending: boolean
  /** Why the last save failed; shown above the buttons and focused, so focus stays here. */
  failure?: string | null
  onSubmit: (input: RoundInput) => void
}

/**
 * The round form, with the round's stage number and what each requirement takes
 * (docs/product/rounds.md). Checked with the contract's roundInput on submit, then again on every
 * change; a failed submit focuses the first field with a problem.
 */
export function RoundForm({
  initial,
  maxPosition,
  positionHint,
  pending,
  failure,
  onSubmit,
}: RoundFormProps) {
  const idBase = useId()
  const id = (field: string) => `${idBase}-${field}`
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState(NO_ERRORS)
  const [submitted, setSubmitted] = useState(false)
  const [uploads, setUploads] = useState<Record<string, UploadState>>({})
  const upload = useUploadTemplate()
  /** The latest file chosen per row: an earlier upload that finishes later is ignored. */
  const latestUpload = useRef(new Map<string, File>())
  /** An element to focus once the next render has put it on the page. */
  const focusNext = useRef<string | null>(null)
  const timeZone = viewerTimeZone()
  const failureRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (failure) failureRef.current?.focus()
  }, [failure])

  useEffect(() => {
    if (!focusNext.current) return
    document.getElementById(focusNext.current)?.focus()
    focusNext.current = null
  })

  const uploading = Object.values(uploads).some((u) => u.kind === 'uploading')

  function change(next: RoundFormValues) {
    setValues(next)
    if (submitted) {
      const result = validateRound(next, { maxPosition })
      setErrors(result.ok ? NO_ERRORS : result.errors)
    }
  }

  function set<K extends keyof RoundFormValues>(field: K, value: RoundFormValues[K]) {
    change({ ...values, [field]: value })
  }

  function updateRow(key: string, patch: Partial<Row>) {
    set(
      'requirements',
      values.requirements.map((row) => (row.key === key ? { ...row, ...patch } : row)),
    )
  }

  function setUpload(key: string, state: UploadState | null) {
    setUploads((current) => {
      const { [key]: _previous, ...rest } = current
      return state ? { ...rest, [key]: state } : rest
    })
  }

  function addRow() {
    const row = newRequirementRow()
    set('requirements', [...values.requirements, row])
    focusNext.current = requirementIds(idBase, row.key).description
  }

  function removeRow(index: number) {
    const rows = values.requirements
    const removed = rows[index]
    if (!removed || rows.length <= 1) return
    latestUpload.current.delete(removed.key)
    setUpload(removed.key, null)
    const remaining = rows.filter((_, i) => i !== index)
    set('requirements', remaining)
    const neighbour = remaining[Math.min(index, remaining.length - 1)]
    if (neighbour) focusNext.current = requirementIds(idBase, neighbour.key).description
  }

  function chooseFile(key: string, file: File) {
    const problem = templateFileProblem(file)
    if (problem) {
      latestUpload.current.delete(key)
      setUpload(key, { kind: 'failed', message: problem })
      return
    }
    latestUpload.current.set(key, file)
    setUpload(key, { kind: 'uploading', name: file.name })
    upload.mutateAsync(file).then(
      (stored) => {
        if (latestUpload.current.get(key) !== file) return
        latestUpload.current.delete(key)
        setUpload(key, null)
        // Functional: other fields may have changed while the file was on its way.
        setValues((current) => ({
          ...current,
          requirements: current.requirements.map((row) =>
            row.key === key ? { ...row, template: stored } : row,
          ),
        }))
      },
      (err: unknown) => {
        if (latestUpload.current.get(key) !== file) return
        latestUpload.current.delete(key)
        if (handleUnauthorized(err)) {
          setUpload(key, null)
          return
        }
        const message = errorMessage(err, `${file.name} could not be uploaded. Please try again.`)
        setUpload(key, { kind: 'failed', message })
      },
    )
  }

  function removeTemplate(key: string) {
    updateRow(key, { template: null })
    focusNext.current = requirementIds(idBase, key).template
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending || uploading) return
    setSubmitted(true)
    const result = validateRound(values, { maxPosition })
    if (result.ok) {
      setErrors(NO_ERRORS)
      onSubmit(result.input)
      return
    }
    setErrors(result.errors)
    document.getElementById(firstProblem(result.errors))?.focus()
  }

  function firstProblem({ fields, rows }: RoundFormErrors): string {
    for (const field of FORM_FIELDS) {
      if (field !== 'requirements') {
        if (fields[field]) return id(field)
        continue
      }
      const row = values.requirements.find((r) => rows[r.key])
      if (row) {
        const problem = REQUIREMENT_FIELDS.find((f) => rows[row.key]?.[f]) ?? 'description'
        return requirementIds(idBase, row.key)[problem]
      }
      const first = fields.requirements ? values.requirements[0] : undefined
      if (first) return requirementIds(idBase, first.key).description
    }
    return id('name')
  }

  const requirementsErrorId = id('requirements-error')

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={id('name')}
          label="Name"
          error={errors.fields.name}
          className="sm:col-span-2"
        >
          {(control) => (
            <Input
              id={control.id}
              value={values.name}
              required
              autoComplete="off"
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
              className="scroll-mt-24"
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </FormField>
        <FormField
          id={id('description')}
          label="Description"
          error={errors.fields.description}
          className="sm:col-span-2"
        >
          {(control) => (
            <Textarea
              id={control.id}
              value={values.description}
              required
              rows={3}
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
              className="scroll-mt-24"
              onChange={(event) => set('description', event.target.value)}
            />
          )}
        </FormField>
        <FormField
          id={id('position')}
          label="Stage number"
          error={errors.fields.position}
          hint={positionHint}
        >
          {(control) => (
            <Input
              id={control.id}
              type="number"
              inputMode="numeric"
              min={1}
              max={maxPosition ?? undefined}
              step={1}
              value={values.position}
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
              className="scroll-mt-24"
              onChange={(event) => set('position', event.target.value)}
            />
          )}
        </FormField>
        <FormField id={id('status')} label="Status" error={errors.fields.status}>
          {(control) => (
            <NativeSelect
              id={control.id}
              value={values.status}
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
              onChange={(event) => set('status', event.target.value as RoundFormValues['status'])}
            >
              {ROUND_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {ROUND_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {(['startTime', 'endTime'] as const).map((field) => (
          <FormField
            key={field}
            id={id(field)}
            label={field === 'startTime' ? 'Start' : 'End'}
            error={errors.fields[field]}
            hint={`Your time zone: ${timeZone}. Optional.`}
          >
            {(control) => (
              <Input
                id={control.id}
                type="datetime-local"
                value={values[field]}
                aria-invalid={control.invalid || undefined}
                aria-describedby={control.describedBy}
                className="scroll-mt-24"
                onChange={(event) => set(field, event.target.value)}
              />
            )}
          </FormField>
        ))}
        <FormField
          id={id('maxParticipants')}
          label="Max Participants"
          error={errors.fields.maxParticipants}
          hint="Leave empty for no limit."
        >
          {(control) => (
            <Input
              id={control.id}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={values.maxParticipants}
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
              className="scroll-mt-24"
              onChange={(event) => set('maxParticipants', event.target.value)}
            />
          )}
        </FormField>
      </div>

      <fieldset
        className="grid min-w-0 gap-3"
        aria-describedby={errors.fields.requirements ? requirementsErrorId : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Requirements</legend>
        <p className="text-sm text-muted-foreground">
          What each one asks for, what the answer is (a file, a link or a short text) and whether it
          must be given, with an optional template file (PDF, DOC, DOCX, TXT, ZIP, PPT or PPTX, up
          to 10 MB). Requirements left empty are not saved.
        </p>
        <ol className="grid gap-3">
          {values.requirements.map((row, index) => (
            <RequirementRow
              key={row.key}
              row={row}
              number={index + 1}
              idBase={idBase}
              errors={errors.rows[row.key]}
              upload={uploads[row.key]}
              canRemove={values.requirements.length > 1}
              onChange={(patch) => updateRow(row.key, patch)}
              onFileChosen={(file) => chooseFile(row.key, file)}
              onRemoveTemplate={() => removeTemplate(row.key)}
              onRemove={() => removeRow(index)}
            />
          ))}
        </ol>
        {errors.fields.requirements && (
          <FieldMessage error id={requirementsErrorId}>
            {errors.fields.requirements}
          </FieldMessage>
        )}
        <Button type="button" variant="outline" className="w-fit" onClick={addRow}>
          <Plus aria-hidden="true" />
          Add requirement
        </Button>
      </fieldset>

      <FormField
        id={id('prizes')}
        label="Prizes"
        error={errors.fields.prizes}
        hint="One prize per line."
      >
        {(control) => (
          <Textarea
            id={control.id}
            value={values.prizes}
            rows={4}
            aria-invalid={control.invalid || undefined}
            aria-describedby={control.describedBy}
            className="scroll-mt-24"
            onChange={(event) => set('prizes', event.target.value)}
          />
        )}
      </FormField>

      <div className="grid gap-2">
        {failure && (
          <div
            ref={failureRef}
            role="alert"
            tabIndex={-1}
            className="rounded-md border border-destructive/50 p-4 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {failure}
          </div>
        )}
        {uploading && (
          <FieldMessage id={id('uploading')} className="sm:text-right">
            Saving waits until the template upload has finished.
          </FieldMessage>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" aria-disabled={pending} className={BUSY}>
              Cancel
            </Button>
          </DialogClose>
          {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
          <Button
            type="submit"
            aria-disabled={pending || uploading}
            aria-describedby={uploading ? id('uploading') : undefined}
            className={BUSY}
          >
            {pending ? 'Saving...' : 'Save'}
          </Button>
        </DialogFooter>
      </div>
    </form>
  )
}
