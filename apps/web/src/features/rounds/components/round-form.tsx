import { ROUND_STATUSES, type RoundInput } from '@hackathon/contract'
import { Plus } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { useFieldArray, useWatch } from 'react-hook-form'

import { FormField } from '@/components/form/form-field'
import { errorOf, useZodForm } from '@/components/form/use-zod-form'
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
  REQUIREMENT_FIELDS,
  newRequirementRow,
  roundFormSchema,
  templateFileProblem,
  type RoundFormValues,
} from '../round-form-values'
import {
  RequirementRow,
  requirementIds,
  type RequirementInput,
  type UploadState,
} from './requirement-row'
import { ROUND_STATUS_LABELS } from './round-status-badge'

const BUSY = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50'

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
  const [defaultValues] = useState(initial)
  const schema = useMemo(() => roundFormSchema(maxPosition), [maxPosition])
  const form = useZodForm(schema, { defaultValues })
  // Each row keeps the key it was made with: its ids and React key stay with it as rows go.
  const rows = useFieldArray({ control: form.control, name: 'requirements', keyName: 'fieldId' })
  const requirements = useWatch({ control: form.control, name: 'requirements' })
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

  /** After the first submit, the list is checked again as a whole when a row changes. */
  function recheckRequirements() {
    if (form.formState.isSubmitted) void form.trigger('requirements')
  }

  /** A row's field; a change to it checks the list again (a row may be left out, or wanted). */
  const rowField = (index: number) => (name: RequirementInput) =>
    form.register(`requirements.${index}.${name}`, { deps: ['requirements'] })

  /** The index of the row with `key` now: rows move as others are removed. */
  const indexOf = (key: string) => form.getValues('requirements').findIndex((r) => r.key === key)

  function setUpload(key: string, state: UploadState | null) {
    setUploads((current) => {
      const { [key]: _previous, ...rest } = current
      return state ? { ...rest, [key]: state } : rest
    })
  }

  function addRow() {
    const row = newRequirementRow()
    rows.append(row, { shouldFocus: false })
    focusNext.current = requirementIds(idBase, row.key).description
  }

  function removeRow(index: number) {
    const removed = rows.fields[index]
    if (!removed || rows.fields.length <= 1) return
    latestUpload.current.delete(removed.key)
    setUpload(removed.key, null)
    const remaining = rows.fields.filter((_, i) => i !== index)
    rows.remove(index)
    recheckRequirements()
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
        // Where the row is now: other rows may have gone while the file was on its way.
        const index = indexOf(key)
        if (index !== -1) form.setValue(`requirements.${index}.template`, stored)
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
    const index = indexOf(key)
    if (index === -1) return
    form.setValue(`requirements.${index}.template`, null, { shouldDirty: true })
    recheckRequirements()
    focusNext.current = requirementIds(idBase, key).template
  }

  const checked = form.handleSubmit(onSubmit)
  function submit(event: FormEvent<HTMLFormElement>) {
    if (pending || uploading) {
      event.preventDefault()
      return
    }
    void checked(event)
  }

  const fieldError = (name: Exclude<keyof RoundFormValues, 'requirements'>) => errorOf(form, name)
  const rowErrors = (index: number) =>
    Object.fromEntries(
      REQUIREMENT_FIELDS.map((field) => [field, errorOf(form, `requirements.${index}.${field}`)]),
    )
  const requirementsError = errorOf(form, 'requirements.root')
  const requirementsErrorId = id('requirements-error')

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={id('name')}
          label="Name"
          error={fieldError('name')}
          className="sm:col-span-2"
        >
          {(control) => (
            <Input
              id={control.id}
              {...form.register('name')}
              required
              autoComplete="off"
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
              className="scroll-mt-24"
            />
          )}
        </FormField>
        <FormField
          id={id('description')}
          label="Description"
          error={fieldError('description')}
          className="sm:col-span-2"
        >
          {(control) => (
            <Textarea
              id={control.id}
              {...form.register('description')}
              required
              rows={3}
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
              className="scroll-mt-24"
            />
          )}
        </FormField>
        <FormField
          id={id('position')}
          label="Stage number"
          error={fieldError('position')}
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
              {...form.register('position')}
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
              className="scroll-mt-24"
            />
          )}
        </FormField>
        <FormField id={id('status')} label="Status" error={fieldError('status')}>
          {(control) => (
            <NativeSelect
              id={control.id}
              {...form.register('status')}
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
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
            error={fieldError(field)}
            hint={`Your time zone: ${timeZone}. Optional.`}
          >
            {(control) => (
              <Input
                id={control.id}
                type="datetime-local"
                // The end is checked against the start.
                {...form.register(field, { deps: field === 'startTime' ? ['endTime'] : [] })}
                aria-invalid={control.invalid || undefined}
                aria-describedby={control.describedBy}
                className="scroll-mt-24"
              />
            )}
          </FormField>
        ))}
        <FormField
          id={id('maxParticipants')}
          label="Max Participants"
          error={fieldError('maxParticipants')}
          hint="Leave empty for no limit."
        >
          {(control) => (
            <Input
              id={control.id}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...form.register('maxParticipants')}
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
              className="scroll-mt-24"
            />
          )}
        </FormField>
      </div>

      <fieldset
        className="grid min-w-0 gap-3"
        aria-describedby={requirementsError ? requirementsErrorId : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Requirements</legend>
        <p className="text-sm text-muted-foreground">
          What each one asks for, what the answer is (a file, a link or a short text) and whether it
          must be given, with an optional template file (PDF, DOC, DOCX, TXT, ZIP, PPT or PPTX, up
          to 10 MB). Requirements left empty are not saved.
        </p>
        <ol className="grid gap-3">
          {rows.fields.map(({ key }, index) => (
            <RequirementRow
              key={key}
              row={{ ...rows.fields[index]!, ...requirements[index] }}
              number={index + 1}
              idBase={idBase}
              field={rowField(index)}
              errors={rowErrors(index)}
              upload={uploads[key]}
              canRemove={rows.fields.length > 1}
              onFileChosen={(file) => chooseFile(key, file)}
              onRemoveTemplate={() => removeTemplate(key)}
              onRemove={() => removeRow(index)}
            />
          ))}
        </ol>
        {requirementsError && (
          <FieldMessage error id={requirementsErrorId}>
            {requirementsError}
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
        error={fieldError('prizes')}
        hint="One prize per line."
      >
        {(control) => (
          <Textarea
            id={control.id}
            {...form.register('prizes')}
            rows={4}
            aria-invalid={control.invalid || undefined}
            aria-describedby={control.describedBy}
            className="scroll-mt-24"
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
