import {
  ANSWER_FILE_EXTENSIONS,
  ANSWER_MAX_MB,
  REQUIREMENT_KINDS,
  REQUIREMENT_KIND_LABELS,
  type AnswerFileExtension,
} from '@hackathon/contract'
import { FileText, LoaderCircle, Trash2, X } from 'lucide-react'
import type { UseFormRegisterReturn } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { Input, NativeSelect } from '@/components/ui/input'
import { FieldMessage, Label } from '@/components/ui/label'

import {
  TEMPLATE_ACCEPT,
  type RequirementField,
  type RequirementRow as Row,
} from '../round-form-values'

/** Where a row's template upload stands; a finished upload is the row's `template`. */
export type UploadState = { kind: 'uploading'; name: string } | { kind: 'failed'; message: string }

/** The row's own fields, which the round form registers. */
export type RequirementInput = Exclude<keyof Row, 'key' | 'id' | 'template'>

export interface RequirementRowProps {
  /** The row's values as they stand. */
  row: Row
  /** 1-based, as people count. */
  number: number
  idBase: string
  /** The round form's registration of one of this row's fields. */
  field: (name: RequirementInput) => UseFormRegisterReturn
  errors?: Partial<Record<RequirementField, string>>
  upload?: UploadState
  canRemove: boolean
  onFileChosen: (file: File) => void
  onRemoveTemplate: () => void
  onRemove: () => void
}

/** The ids of a row's controls; `fileTypes` is its first checkbox, which a problem focuses. */
export const requirementIds = (idBase: string, key: string) => ({
  description: `${idBase}-${key}-description`,
  template: `${idBase}-${key}-template`,
  kind: `${idBase}-${key}-kind`,
  required: `${idBase}-${key}-required`,
  fileTypes: `${idBase}-${key}-type-${ANSWER_FILE_EXTENSIONS[0]}`,
  fileType: (extension: AnswerFileExtension) => `${idBase}-${key}-type-${extension}`,
  maxSizeMb: `${idBase}-${key}-max-size`,
})

const CHECKBOX = 'size-5 shrink-0 cursor-pointer accent-primary'

/**
 * One requirement of the round form: what it asks for, what the answer is (a file of some types
 * up to a size, a link or a short text) and whether it must be given, then its optional
 * template (docs/product/rounds.md#requirements).
 */
export function RequirementRow({
  row,
  number,
  idBase,
  field,
  errors = {},
  upload,
  canRemove,
  onFileChosen,
  onRemoveTemplate,
  onRemove,
}: RequirementRowProps) {
  const ids = requirementIds(idBase, row.key)
  const errorId = (field: RequirementField) => `${idBase}-${row.key}-${field}-error`
  const uploadId = `${ids.template}-status`
  const sizeHintId = `${ids.maxSizeMb}-hint`
  // Read out before the visible words, so each control says which requirement it belongs to. The
  // space stays outside the hidden span: a name is computed without a span's trailing space.
  const which = (
    <>
      <span className="sr-only">Requirement {number}</span>{' '}
    </>
  )

  return (
    <li className="grid min-w-0 gap-3 rounded-lg border border-border p-3">
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.description}>
            Requirement {number} <span className="sr-only">description</span>
          </Label>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="-my-2 size-9"
            // A round keeps one requirement at least (docs/product/rounds.md#the-form); the button
            // says so by being unavailable.
            disabled={!canRemove}
            aria-label={`Remove requirement ${number}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
        <Input
          id={ids.description}
          {...field('description')}
          autoComplete="off"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? errorId('description') : undefined}
          className="scroll-mt-24"
        />
        {errors.description && (
          <FieldMessage error id={errorId('description')}>
            {errors.description}
          </FieldMessage>
        )}
      </div>

      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={ids.kind}>{which}Answer type</Label>
          <NativeSelect
            id={ids.kind}
            {...field('kind')}
            aria-invalid={errors.kind ? true : undefined}
            aria-describedby={errors.kind ? errorId('kind') : undefined}
            className="scroll-mt-24"
          >
            {REQUIREMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {REQUIREMENT_KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
          {errors.kind && (
            <FieldMessage error id={errorId('kind')}>
              {errors.kind}
            </FieldMessage>
          )}
        </div>
        <div className="flex min-h-10 items-center gap-2">
          <input id={ids.required} type="checkbox" {...field('required')} className={CHECKBOX} />
          <Label htmlFor={ids.required} className="cursor-pointer">
            {which}Required
          </Label>
        </div>
      </div>

      {row.kind === 'file' && (
        <div className="grid gap-3">
          <fieldset
            className="grid min-w-0 gap-2"
            aria-describedby={errors.fileTypes ? errorId('fileTypes') : undefined}
          >
            <legend className="mb-2 text-sm font-medium">{which}Allowed file types</legend>
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {ANSWER_FILE_EXTENSIONS.map((extension) => (
                <li key={extension} className="flex items-center gap-2">
                  <input
                    id={ids.fileType(extension)}
                    type="checkbox"
                    value={extension}
                    {...field('fileTypes')}
                    aria-invalid={errors.fileTypes ? true : undefined}
                    className={`${CHECKBOX} scroll-mt-24`}
                  />
                  <Label htmlFor={ids.fileType(extension)} className="cursor-pointer font-normal">
                    {extension.toUpperCase()}
                  </Label>
                </li>
              ))}
            </ul>
            {errors.fileTypes && (
              <FieldMessage error id={errorId('fileTypes')}>
                {errors.fileTypes}
              </FieldMessage>
            )}
          </fieldset>
          <div className="grid gap-2 sm:max-w-48">
            <Label htmlFor={ids.maxSizeMb}>{which}Size limit (MB)</Label>
            <Input
              id={ids.maxSizeMb}
              type="number"
              inputMode="numeric"
              min={1}
              max={ANSWER_MAX_MB}
              step={1}
              {...field('maxSizeMb')}
              aria-invalid={errors.maxSizeMb ? true : undefined}
              aria-describedby={
                [errors.maxSizeMb && errorId('maxSizeMb'), sizeHintId].filter(Boolean).join(' ') ||
                undefined
              }
              className="scroll-mt-24"
            />
            {errors.maxSizeMb && (
              <FieldMessage error id={errorId('maxSizeMb')}>
                {errors.maxSizeMb}
              </FieldMessage>
            )}
            <FieldMessage id={sizeHintId}>1 to {ANSWER_MAX_MB} MB per file.</FieldMessage>
          </div>
        </div>
      )}

      <div className="grid gap-2">
        <Label htmlFor={ids.template} className="font-normal text-muted-foreground">
          Requirement {number} template (optional)
        </Label>
        <Input
          id={ids.template}
          type="file"
          accept={TEMPLATE_ACCEPT}
          aria-describedby={upload ? uploadId : undefined}
          aria-invalid={upload?.kind === 'failed' ? true : undefined}
          className="h-auto cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground"
          onChange={(event) => {
            const file = event.target.files?.[0]
            // Cleared, so choosing the same file again (after a failure) fires a change again.
            event.target.value = ''
            if (file) onFileChosen(file)
          }}
        />
        <div aria-live="polite" id={uploadId}>
          {upload?.kind === 'uploading' ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
              <span className="min-w-0 break-words">Uploading {upload.name}…</span>
            </p>
          ) : upload?.kind === 'failed' ? (
            <FieldMessage error>{upload.message}</FieldMessage>
          ) : null}
        </div>
        {row.template && (
          <div className="flex min-w-0 items-center gap-2 rounded-md bg-muted px-3 py-1.5 text-sm">
            <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <a
              href={row.template.url}
              title={row.template.name}
              className="min-w-0 flex-1 truncate text-primary underline-offset-4 hover:underline"
            >
              {row.template.name}
            </a>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="-my-1 size-8"
              aria-label={`Remove template ${row.template.name} from requirement ${number}`}
              onClick={onRemoveTemplate}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
    </li>
  )
}
