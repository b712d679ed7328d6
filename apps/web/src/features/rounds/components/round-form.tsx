import { ROUND_STATUSES, type RoundInput } from '@hackathon/contract'
import { Plus } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { useFieldArray, useWatch } from 'react-hook-form'

import { SelectField, TextareaField, TextField } from '@/components/form/fields'
import { SaveFailure } from '@/components/form/save-failure'
import { bindField, errorOf, useZodForm } from '@/components/form/use-zod-form'
import { Button } from '@/components/ui/button'
import { DialogClose, DialogFooter } from '@/components/ui/dialog'
import { FieldMessage } from '@/components/ui/label'
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

  const field = (
    name: Exclude<keyof RoundFormValues, 'requirements'>,
    options?: { deps: (keyof RoundFormValues)[] },
  ) => bindField(form, name, options)
  const rowErrors = (index: number) =>
    Object.fromEntries(
      REQUIREMENT_FIELDS.map((name) => [name, errorOf(form, `requirements.${index}.${name}`)]),
    )
  const requirementsError = errorOf(form, 'requirements.root')
  const requirementsErrorId = id('requirements-error')

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id('name')}
          label="Name"
          required
          autoComplete="off"
          className="sm:col-span-2"
          {...field('name')}
        />
        <TextareaField
          id={id('description')}
          label="Description"
          required
          rows={3}
          className="sm:col-span-2"
          {...field('description')}
        />
        <TextField
          id={id('position')}
          label="Stage number"
          hint={positionHint}
          type="number"
          inputMode="numeric"
          min={1}
          max={maxPosition ?? undefined}
          step={1}
          {...field('position')}
        />
        <SelectField id={id('status')} label="Status" {...field('status')}>
          {ROUND_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ROUND_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        {(['startTime', 'endTime'] as const).map((name) => (
          <TextField
            key={name}
            id={id(name)}
            label={name === 'startTime' ? 'Start' : 'End'}
            hint={`Your time zone: ${timeZone}. Optional.`}
            type="datetime-local"
            // The end is checked against the start.
            {...field(name, { deps: name === 'startTime' ? ['endTime'] : [] })}
          />
        ))}
        <TextField
          id={id('maxParticipants')}
          label="Max Participants"
          hint="Leave empty for no limit."
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...field('maxParticipants')}
        />
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

      <TextareaField
        id={id('prizes')}
        label="Prizes"
        hint="One prize per line."
        rows={4}
        {...field('prizes')}
      />

      <div className="grid gap-2">
        <SaveFailure message={failure} />
        {uploading && (
          <FieldMessage id={id('uploading')} className="sm:text-right">
            Saving waits until the template upload has finished.
          </FieldMessage>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" aria-disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
          <Button
            type="submit"
            aria-disabled={pending || uploading}
            aria-describedby={uploading ? id('uploading') : undefined}
          >
            {pending ? 'Saving...' : 'Save'}
          </Button>
        </DialogFooter>
      </div>
    </form>
  )
}
