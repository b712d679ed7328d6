import type { StageDocument } from '@hackathon/contract'
import { FileCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'

import { UploadProgress } from '@/components/upload-progress'
import { Button } from '@/components/ui/button'
import { apiErrorStatus, errorMessage } from '@/lib/error-message'
import { formatFileSize } from '@/lib/file-size'
import { isAbort } from '@/lib/upload-with-progress'

import { useUploadAnswerFile } from '../api/upload-answer-file'
import { fileAccept, fileProblem, type UploadedFile } from '../stage-form'

/** Fastify's own words for a body over the limit, which say less than ours. */
const GENERIC_TOO_LARGE = /request file too large/i

function uploadFailure(err: unknown, requirement: StageDocument): string {
  const message = errorMessage(err, '')
  if (apiErrorStatus(err) === 413 && (!message || GENERIC_TOO_LARGE.test(message))) {
    return `File Too Large: the file must be at most ${requirement.maxSizeMb} MB.`
  }
  return message || 'The file could not be uploaded. Please check your connection and try again.'
}

/**
 * A file requirement's input: a chosen file is checked here, then uploaded at once with its
 * progress shown (docs/product/submissions.md#answers); the uploaded file's name and size replace
 * the bar, and choosing another file replaces it. Leaving the page or choosing again stops an
 * upload under way.
 */
export function FileAnswerInput({
  id,
  name,
  requirement,
  value,
  onChange,
  onBlur,
  inputRef,
  invalid,
  describedBy,
  disabled,
  onError,
  onBusyChange,
}: {
  id: string
  /** The form's name for the answer, by which a failed submit finds the field to focus. */
  name: string
  requirement: StageDocument
  value: UploadedFile | null
  onChange: (file: UploadedFile | null) => void
  onBlur: () => void
  /** The form's handle on the input, to focus it when its answer is missing. */
  inputRef: (element: HTMLInputElement | null) => void
  invalid: boolean
  describedBy: string
  disabled: boolean
  /** A message for the field, or null to clear it. */
  onError: (message: string | null) => void
  onBusyChange: (busy: boolean) => void
}) {
  const upload = useUploadAnswerFile()
  const [sending, setSending] = useState<{ name: string; fraction: number } | null>(null)
  const current = useRef<AbortController | null>(null)
  const input = useRef<HTMLInputElement | null>(null)

  useEffect(() => () => current.current?.abort(), [])

  function clearInput() {
    if (input.current) input.current.value = ''
  }

  function stop() {
    current.current?.abort()
    current.current = null
    setSending(null)
    onBusyChange(false)
  }

  function choose(file: File | undefined) {
    if (!file) return
    const problem = fileProblem(file, requirement)
    if (problem) {
      clearInput()
      onError(problem)
      return
    }
    current.current?.abort()
    const controller = new AbortController()
    current.current = controller
    const mine = () => current.current === controller
    onError(null)
    setSending({ name: file.name, fraction: 0 })
    onBusyChange(true)
    upload
      .mutateAsync({
        requirementId: requirement.id,
        file,
        signal: controller.signal,
        onProgress: (fraction) => {
          if (mine()) setSending({ name: file.name, fraction })
        },
      })
      .then(
        (stored) => {
          if (!mine()) return
          onChange({ id: stored.id, name: stored.name, size: stored.size })
          onError(null)
        },
        (err: unknown) => {
          if (isAbort(err) || !mine()) return
          clearInput()
          onError(uploadFailure(err, requirement))
        },
      )
      .finally(() => {
        if (!mine()) return
        current.current = null
        setSending(null)
        onBusyChange(false)
      })
  }

  return (
    <div className="grid gap-2">
      <input
        ref={(element) => {
          input.current = element
          inputRef(element)
        }}
        id={id}
        name={name}
        type="file"
        accept={fileAccept(requirement)}
        required={requirement.isRequired}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onBlur={onBlur}
        onChange={(event) => choose(event.target.files?.[0])}
        className="block w-full min-w-0 cursor-pointer rounded-md border border-input bg-background text-sm text-muted-foreground shadow-sm file:mr-3 file:cursor-pointer file:border-0 file:border-r file:border-input file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
      />
      <div aria-live="polite" className="grid gap-2 text-sm">
        {sending ? (
          <>
            <p className="break-all">Uploading {sending.name}…</p>
            <div className="flex items-center gap-2">
              <UploadProgress
                fraction={sending.fraction}
                fileName={sending.name}
                className="flex-1"
              />
              <Button type="button" variant="outline" size="sm" onClick={stop}>
                Cancel upload
              </Button>
            </div>
          </>
        ) : (
          value && (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <FileCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
              <span className="text-muted-foreground">Your file:</span>
              <span className="font-medium break-all">{value.name}</span>
              <span className="text-muted-foreground">({formatFileSize(value.size)})</span>
              {!requirement.isRequired && !disabled && (
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto px-0"
                  onClick={() => {
                    clearInput()
                    onChange(null)
                  }}
                >
                  Remove <span className="sr-only">{value.name}</span>
                </Button>
              )}
              {!disabled && (
                <span className="basis-full text-muted-foreground">
                  Choose another file to replace it.
                </span>
              )}
            </div>
          )
        )}
      </div>
    </div>
  )
}
