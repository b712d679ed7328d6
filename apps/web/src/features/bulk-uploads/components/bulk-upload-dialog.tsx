import { LIMITS, UPLOAD_MESSAGES, uploadFileProblem } from '@hackathon/contract'
import { CircleAlert, Download, FileCheck, LoaderCircle, Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { FieldMessage, Label } from '@/components/ui/label'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'
import { handleUnauthorized } from '@/lib/unauthorized'
import { isAbort } from '@/lib/upload-with-progress'
import { cn } from '@/lib/utils'

import { useDownloadUploadTemplate } from '../api/download-template'
import { rejectedReport, useUploadSheet } from '../api/upload-sheet'
import { UPLOAD_ACCEPT, UPLOAD_KINDS, type UploadKind, type UploadResult } from '../upload-kinds'
import { UploadProgress } from '@/components/upload-progress'
import { UploadReport } from './upload-report'

export const UPLOAD_DONE_TITLE = 'Upload Successful'

/** A button at work looks unavailable but keeps the focus, which `disabled` would drop. */
const BUSY = 'aria-disabled:cursor-progress aria-disabled:opacity-50'

const MAX_MEGABYTES = LIMITS.uploadMaxBytes / (1024 * 1024)

/** A request on its way: a check (dry run) or the real upload, and how much has gone up. */
interface Sending {
  dryRun: boolean
  fraction: number
}

/** The report on screen: from a check, or from an upload refused for its row errors. */
interface Shown {
  result: UploadResult
  from: 'check' | 'apply'
}

function reportInvalidFile(problem: { title: string; description: string }) {
  toast({ variant: 'destructive', title: problem.title, description: problem.description })
}

/** Why Apply Changes is not available yet, or what it will do. */
function applyHint(shown: Shown | null): string {
  if (!shown) return 'Check the file first to see what it would change.'
  const { report } = shown.result
  const fix =
    'Fix the rows listed under Errors by row, choose the corrected file and check it again.'
  if (shown.from === 'apply') return `Nothing was changed. ${fix}`
  if (report.errorCount > 0) return fix
  if (report.updated === 0) return 'Nothing to apply: the file matches what is already saved.'
  return `Applies the ${report.updated === 1 ? 'change' : `${report.updated} changes`} listed above.`
}

/**
 * The bulk-upload dialog (docs/product/exports-and-uploads.md#bulk-uploads), for applicant
 * selection or stage details: download the template, choose a file, check it (a dry run that
 * changes nothing), read what it would change, then apply it. `children` is the element that opens
 * the dialog.
 */
export function BulkUploadDialog({ kind, children }: { kind: UploadKind; children: ReactNode }) {
  const config = UPLOAD_KINDS[kind]
  const [open, setOpen] = useState(false)
  const [file, setFile] = useState<File | null>(null)
  const [sending, setSending] = useState<Sending | null>(null)
  const [shown, setShown] = useState<Shown | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  // A new key gives a fresh, empty file input: its value cannot be set from outside.
  const [inputKey, setInputKey] = useState(0)
  // Bumped by every reset, so the answer to a request from before it changes nothing on screen.
  const generation = useRef(0)
  const check = useRef<AbortController | null>(null)
  const upload = useUploadSheet()
  const template = useDownloadUploadTemplate()
  const idPrefix = useId()
  const fileId = `${idPrefix}-file`
  const fileHintId = `${idPrefix}-file-hint`
  const applyHintId = `${idPrefix}-apply-hint`

  // Leaving the page drops a check on its way; nobody is left to read its answer.
  useEffect(() => () => check.current?.abort(), [])

  function reset() {
    generation.current += 1
    // Only a check is aborted: an upload that may already be applied is let finish, and its
    // toast still tells how it went.
    check.current?.abort()
    check.current = null
    setFile(null)
    setSending(null)
    setShown(null)
    setFailure(null)
    setInputKey((key) => key + 1)
  }

  function onOpenChange(next: boolean) {
    setOpen(next)
    if (!next) reset()
  }

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0]
    setShown(null)
    setFailure(null)
    const problem = chosen ? uploadFileProblem(chosen, LIMITS.uploadMaxBytes) : undefined
    if (problem) {
      event.target.value = ''
      reportInvalidFile(problem)
    }
    setFile(chosen && !problem ? chosen : null)
  }

  /**
   * Shows a report. One with errors also empties the file input: the corrected file is often
   * chosen from the same place, and a browser fires no change for the same file chosen again.
   */
  function show(next: Shown) {
    setShown(next)
    if (next.result.report.errorCount > 0) {
      setFile(null)
      setInputKey((key) => key + 1)
    }
  }

  function downloadTemplate() {
    template.mutate(kind, {
      onError: (err) => {
        if (handleUnauthorized(err)) return
        toast({
          variant: 'destructive',
          title: UPLOAD_MESSAGES.downloadFailed,
          description: UPLOAD_MESSAGES.downloadFailedDefault,
        })
      },
    })
  }

  function send(dryRun: boolean) {
    if (sending) return
    const problem = uploadFileProblem(file ?? undefined, LIMITS.uploadMaxBytes)
    if (problem || !file) {
      if (problem) reportInvalidFile(problem)
      return
    }
    const startedIn = generation.current
    const current = () => generation.current === startedIn
    const controller = dryRun ? new AbortController() : null
    check.current = controller
    setFailure(null)
    if (dryRun) setShown(null)
    setSending({ dryRun, fraction: 0 })

    // mutateAsync rather than mutate: its answer arrives even when the dialog was closed and
    // opened again in between, so an applied upload is always reported.
    upload
      .mutateAsync({
        kind,
        file,
        dryRun,
        signal: controller?.signal,
        onProgress: (fraction) => {
          if (current()) setSending({ dryRun, fraction })
        },
      })
      .then(
        (result) => {
          if (!dryRun) {
            toast({ title: UPLOAD_DONE_TITLE, description: result.report.message })
            if (current()) onOpenChange(false)
            return
          }
          if (!current()) return
          setSending(null)
          show({ result, from: 'check' })
        },
        (err: unknown) => {
          if (isAbort(err)) return
          const rejected = rejectedReport(kind, err)
          // A check that finds errors is an answer, not a failure: its report says what to fix.
          if (!(dryRun && rejected) && !handleUnauthorized(err)) {
            toast({
              variant: 'destructive',
              title: UPLOAD_MESSAGES.uploadFailed,
              description: errorMessage(err, UPLOAD_MESSAGES.uploadFailedDefault),
            })
          }
          if (!current()) return
          setSending(null)
          if (rejected) show({ result: rejected, from: dryRun ? 'check' : 'apply' })
          else setFailure(errorMessage(err, UPLOAD_MESSAGES.uploadFailedDefault))
        },
      )
  }

  const canApply =
    !sending &&
    shown?.from === 'check' &&
    shown.result.report.errorCount === 0 &&
    shown.result.report.updated > 0
  const checking = sending?.dryRun === true
  const applying = sending?.dryRun === false
  // The file is still going up; after that the server is at work.
  const uploading = sending !== null && sending.fraction < 1

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{config.title}</DialogTitle>
          <DialogDescription>
            {config.description} The sheet has the columns {config.columns.join(', ')}.
          </DialogDescription>
        </DialogHeader>

        <div className="flex flex-col gap-3 rounded-lg bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            Start from the template so the columns are right. {config.columnsHint}
          </p>
          <Button
            type="button"
            variant="outline"
            onClick={downloadTemplate}
            disabled={template.isPending}
            aria-busy={template.isPending || undefined}
          >
            {template.isPending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Download aria-hidden="true" />
            )}
            Download Template
          </Button>
        </div>

        <div className="grid gap-2">
          <Label htmlFor={fileId}>Spreadsheet file</Label>
          <Input
            key={inputKey}
            id={fileId}
            type="file"
            accept={UPLOAD_ACCEPT}
            disabled={Boolean(sending)}
            aria-describedby={fileHintId}
            className="h-auto cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground"
            onChange={chooseFile}
          />
          <FieldMessage id={fileHintId}>
            Excel (.xlsx, .xls) or CSV (.csv), at most {MAX_MEGABYTES} MB. Checking a file changes
            nothing.
          </FieldMessage>
        </div>

        <div>
          <Button
            type="button"
            variant="secondary"
            onClick={() => send(true)}
            // aria-disabled, not disabled: the pressed button keeps the focus while it works.
            aria-disabled={sending ? true : undefined}
            aria-busy={checking || undefined}
            className={BUSY}
          >
            {checking ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <FileCheck aria-hidden="true" />
            )}
            {checking ? 'Checking...' : 'Check File'}
          </Button>
          {uploading && (
            <UploadProgress
              className="mt-3"
              fraction={sending.fraction}
              fileName={file?.name ?? 'the file'}
            />
          )}
          {/*
            Always rendered, so screen readers hear what it comes to say. A failure is left out:
            its toast is announced already.
          */}
          <div aria-live="polite">
            {uploading && <span className="sr-only">Uploading {file?.name ?? 'the file'}</span>}
            {sending && !uploading && (
              <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
                <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
                {checking ? 'Checking the file...' : 'Applying the changes...'}
              </p>
            )}
            {shown?.from === 'check' && (
              <p
                className={cn(
                  'mt-3 text-sm font-medium',
                  shown.result.report.errorCount > 0 && 'text-destructive',
                )}
              >
                {shown.result.report.message}
              </p>
            )}
          </div>
          {failure && !sending && (
            <p className="mt-3 flex items-start gap-2 text-sm text-destructive">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="min-w-0 break-words">{failure}</span>
            </p>
          )}
        </div>

        {shown && (
          <div className="grid min-w-0 gap-4">
            {shown.from === 'apply' && (
              <p className="text-sm font-medium text-destructive">{shown.result.report.message}</p>
            )}
            <UploadReport result={shown.result} />
          </div>
        )}

        <div className="grid gap-3">
          {!applying && (
            <FieldMessage id={applyHintId} className="sm:text-right">
              {applyHint(shown)}
            </FieldMessage>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="button"
              onClick={() => send(false)}
              disabled={!canApply && !applying}
              aria-disabled={applying || undefined}
              aria-busy={applying || undefined}
              className={BUSY}
              aria-describedby={applying ? undefined : applyHintId}
            >
              {applying ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Upload aria-hidden="true" />
              )}
              {applying ? 'Applying...' : 'Apply Changes'}
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  )
}
