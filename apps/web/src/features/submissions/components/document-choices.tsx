import type { StageDocument } from '@hackathon/contract'
import { Download, FileX } from 'lucide-react'
import { useId } from 'react'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'

import { useDownloadTemplate } from '../api/download-template'

/**
 * The stage's documents as checkboxes, each with its template to download when it has one.
 * Downloads stay available on a closed stage: only what is sent is locked, not what is read.
 */
export function DocumentChoices({
  documents,
  selected,
  disabled,
  onToggle,
}: {
  documents: readonly StageDocument[]
  selected: ReadonlySet<string>
  disabled: boolean
  onToggle: (documentId: string, checked: boolean) => void
}) {
  const hintId = useId()
  const hasTemplates = documents.some((doc) => doc.fileUrl)

  return (
    <fieldset aria-describedby={hintId} className="grid min-w-0 gap-3">
      <legend className="text-sm leading-none font-medium">Documents</legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        {documents.length === 0
          ? 'This stage asks for no documents.'
          : 'Tick the documents your submission includes.'}
      </p>
      {documents.length > 0 && (
        <ul className="grid gap-3">
          {documents.map((doc) => (
            <DocumentChoice
              key={doc.id}
              document={doc}
              checked={selected.has(doc.id)}
              disabled={disabled}
              onToggle={onToggle}
            />
          ))}
        </ul>
      )}
      {!hasTemplates && <NoTemplates />}
    </fieldset>
  )
}

function DocumentChoice({
  document: doc,
  checked,
  disabled,
  onToggle,
}: {
  document: StageDocument
  checked: boolean
  disabled: boolean
  onToggle: (documentId: string, checked: boolean) => void
}) {
  const inputId = useId()
  const descriptionId = useId()
  // A requirement without a template is named by its description: saying it twice adds nothing.
  const showDescription = Boolean(doc.description) && doc.description !== doc.name

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={showDescription ? descriptionId : undefined}
          onChange={(event) => onToggle(doc.id, event.target.checked)}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed"
        />
        <div className="grid min-w-0 gap-1">
          <label
            htmlFor={inputId}
            className="flex flex-wrap items-center gap-2 text-sm font-medium"
          >
            <span className="break-words">{doc.name}</span>
            {doc.isRequired && <Badge variant="outline">Required</Badge>}
          </label>
          {showDescription && (
            <p id={descriptionId} className="text-sm break-words text-muted-foreground">
              {doc.description}
            </p>
          )}
        </div>
      </div>
      {doc.fileUrl && <DownloadTemplateButton url={doc.fileUrl} name={doc.name} />}
    </li>
  )
}

function DownloadTemplateButton({ url, name }: { url: string; name: string }) {
  const download = useDownloadTemplate({
    onError: () =>
      toast({
        variant: 'destructive',
        title: 'Download Failed',
        description: 'Failed to download template. Please try again.',
      }),
  })
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-disabled={download.isPending || undefined}
      className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:w-auto"
      onClick={() => {
        if (!download.isPending) download.mutate({ url, fallbackName: name })
      }}
    >
      <Download aria-hidden="true" />
      {download.isPending ? 'Downloading... ' : 'Download template '}
      <span className="sr-only">for {name}</span>
    </Button>
  )
}

/** SPEC.md section 8, 'No templates'. */
function NoTemplates() {
  return (
    <div className="flex gap-3 rounded-lg border border-dashed border-border p-3 text-sm">
      <FileX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid gap-0.5">
        <p className="font-medium">No Templates Available</p>
        <p className="text-muted-foreground">No template files are configured for this stage</p>
      </div>
    </div>
  )
}
