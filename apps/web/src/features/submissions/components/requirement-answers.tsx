import { ANSWER_TEXT_MAX, type StageDocument } from '@hackathon/contract'
import { useId } from 'react'
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form'

import { Badge } from '@/components/ui/badge'
import { Input } from '@/components/ui/input'
import { FieldMessage } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'

import { ANSWER_FIELD, fileHint, type StageFormOutput, type StageFormValues } from '../stage-form'
import { FileAnswerInput } from './file-answer-input'
import { DownloadTemplateButton, NoTemplates } from './template-download'

type StageForm = UseFormReturn<StageFormValues, unknown, StageFormOutput>

/**
 * One input per requirement of the stage, by what it takes: a file (uploaded at once), a link or
 * a short text (docs/product/submissions.md#answers), each with its template when it has one.
 */
export function RequirementAnswers({
  requirements,
  form,
  disabled,
  onBusyChange,
}: {
  requirements: readonly StageDocument[]
  form: StageForm
  disabled: boolean
  /** A file of the requirement at `index` started or stopped uploading. */
  onBusyChange: (index: number, busy: boolean) => void
}) {
  const hintId = useId()
  const hasTemplates = requirements.some((r) => r.fileUrl)

  return (
    <fieldset aria-describedby={hintId} className="grid min-w-0 gap-3">
      <legend className="text-sm leading-none font-medium">What this stage asks for</legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        {requirements.length === 0
          ? 'This stage asks for nothing more than your repository.'
          : 'Answer each requirement; those marked Required must be answered before you submit.'}
      </p>
      {requirements.length > 0 && (
        <ul className="grid gap-3">
          {requirements.map((requirement, index) => (
            <RequirementField
              key={requirement.id}
              requirement={requirement}
              index={index}
              form={form}
              disabled={disabled}
              onBusyChange={(busy) => onBusyChange(index, busy)}
            />
          ))}
        </ul>
      )}
      {!hasTemplates && <NoTemplates />}
    </fieldset>
  )
}

function RequirementField({
  requirement,
  index,
  form,
  disabled,
  onBusyChange,
}: {
  requirement: StageDocument
  index: number
  form: StageForm
  disabled: boolean
  onBusyChange: (busy: boolean) => void
}) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const field = ANSWER_FIELD[requirement.kind]
  const error = form.formState.errors.answers?.[index]?.[field]?.message
  const describedBy = error ? `${errorId} ${hintId}` : hintId
  const name = `answers.${index}.${field}` as const

  return (
    <li className="grid min-w-0 gap-2 rounded-lg border border-border p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <label htmlFor={id} className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-words">{requirement.description}</span>
          {requirement.isRequired ? (
            <Badge variant="outline">Required</Badge>
          ) : (
            <span className="text-xs font-normal text-muted-foreground">(optional)</span>
          )}
        </label>
        {requirement.fileUrl && (
          <DownloadTemplateButton url={requirement.fileUrl} name={requirement.name} />
        )}
      </div>

      {requirement.kind === 'file' ? (
        <Controller
          control={form.control}
          name={`answers.${index}.file`}
          render={({ field: control }) => (
            <FileAnswerInput
              id={id}
              name={control.name}
              requirement={requirement}
              value={control.value}
              onChange={control.onChange}
              onBlur={control.onBlur}
              inputRef={control.ref}
              invalid={Boolean(error)}
              describedBy={describedBy}
              disabled={disabled}
              onBusyChange={onBusyChange}
              onError={(message) => {
                if (message) form.setError(name, { type: 'upload', message })
                else form.clearErrors(name)
              }}
            />
          )}
        />
      ) : requirement.kind === 'link' ? (
        <Input
          id={id}
          type="url"
          inputMode="url"
          spellCheck={false}
          placeholder="https://"
          required={requirement.isRequired}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...form.register(`answers.${index}.url`)}
        />
      ) : (
        <Textarea
          id={id}
          rows={5}
          required={requirement.isRequired}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...form.register(`answers.${index}.text`)}
        />
      )}

      {error && (
        <FieldMessage id={errorId} error>
          {error}
        </FieldMessage>
      )}
      <FieldMessage id={hintId}>
        {requirement.kind === 'file' ? (
          fileHint(requirement)
        ) : requirement.kind === 'link' ? (
          'A web address that starts with https://'
        ) : (
          <TextCount form={form} index={index} />
        )}
      </FieldMessage>
    </li>
  )
}

/** How much of the text's room is used; read with the field, not announced at every key. */
function TextCount({ form, index }: { form: StageForm; index: number }) {
  const text = useWatch({ control: form.control, name: `answers.${index}.text` })
  return (
    <>
      Up to {ANSWER_TEXT_MAX} characters
      <span aria-hidden="true"> · {text.length} used</span>
    </>
  )
}
