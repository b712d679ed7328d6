import { FileText, LoaderCircle, Trash2, X } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { FieldMessage, Label } from '@/components/ui/label'

import { TEMPLATE_ACCEPT, type RequirementRow as Row } from '../round-form-values'

/** Where a row's template upload stands; a finished upload is the row's `template`. */
export type UploadState = { kind: 'uploading'; name: string } | { kind: 'failed'; message: string }

export interface RequirementRowProps {
  row: Row
  /** 1-based, as people count. */
  number: number
  idBase: string
  error?: string
  upload?: UploadState
  canRemove: boolean
  onDescriptionChange: (description: string) => void
  onFileChosen: (file: File) => void
  onRemoveTemplate: () => void
  onRemove: () => void
}

export const requirementIds = (idBase: string, key: string) => ({
  description: `${idBase}-${key}-description`,
  template: `${idBase}-${key}-template`,
})

export function RequirementRow({
  row,
  number,
  idBase,
  error,
  upload,
  canRemove,
  onDescriptionChange,
  onFileChosen,
  onRemoveTemplate,
  onRemove,
}: RequirementRowProps) {
  const ids = requirementIds(idBase, row.key)
  const errorId = `${ids.description}-error`
  const uploadId = `${ids.template}-status`

  return (
    <li className="grid gap-3 rounded-lg border border-border p-3">
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
            // The SPEC keeps one requirement at least; the button says so by being unavailable.
            disabled={!canRemove}
            aria-label={`Remove requirement ${number}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
        <Input
          id={ids.description}
          value={row.description}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="scroll-mt-24"
          onChange={(event) => onDescriptionChange(event.target.value)}
        />
        {error && (
          <FieldMessage error id={errorId}>
            {error}
          </FieldMessage>
        )}
      </div>
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
