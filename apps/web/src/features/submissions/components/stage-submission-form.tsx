import { submitStageInput, type ApplicantSubmission, type StageDocument } from '@hackathon/contract'
import { Send } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { FieldMessage, Label } from '@/components/ui/label'
import { toast } from '@/components/ui/use-toast'
import { fieldErrors } from '@/lib/field-errors'

import { useSubmitStage } from '../api/submit-stage'
import { APPLICANT_DASHBOARD_PATH } from '../paths'
import { submitErrorNotice } from '../submit-error'
import { DocumentChoices } from './document-choices'

type Field = 'stageId' | 'githubUrl' | 'documents'

/**
 * The existing submission lists its documents by name (the stage document's description, or
 * its template's name), not by id: they are matched back to this stage's documents.
 */
function initialSelection(
  documents: readonly StageDocument[],
  submission: ApplicantSubmission | undefined,
): Set<string> {
  const names = new Set(submission?.documents.map((doc) => doc.name) ?? [])
  return new Set(
    documents.filter((doc) => names.has(doc.name) || names.has(doc.description)).map((d) => d.id),
  )
}

/** SPEC.md section 5, "Stage submission"; resubmitting updates the existing submission. */
export function StageSubmissionForm({
  stageId,
  documents,
  submission,
  disabled,
}: {
  stageId: string
  documents: readonly StageDocument[]
  submission: ApplicantSubmission | undefined
  /** The stage is expired, inactive or locked: nothing can be changed or sent. */
  disabled: boolean
}) {
  const [githubUrl, setGithubUrl] = useState(submission?.githubUrl ?? '')
  const [selected, setSelected] = useState<ReadonlySet<string>>(() =>
    initialSelection(documents, submission),
  )
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  // Like the registration form: checked on submit, then again on every change.
  const [validated, setValidated] = useState(false)
  const urlRef = useRef<HTMLInputElement>(null)
  const ids = { url: useId(), urlHint: useId(), urlError: useId() }
  const [, navigate] = useLocation()

  const submit = useSubmitStage({
    onSuccess: ({ message }) => toast({ title: 'Success', description: message }),
    onError: (err) => {
      const notice = submitErrorNotice(err)
      toast({ variant: 'destructive', title: notice.title, description: notice.description })
      if (notice.stageGone) navigate(APPLICANT_DASHBOARD_PATH)
    },
  })

  function validate(url: string) {
    return submitStageInput.safeParse({
      stageId,
      githubUrl: url,
      // In the stage's order, whatever order they were ticked in.
      documents: documents.filter((doc) => selected.has(doc.id)).map((doc) => doc.id),
    })
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (disabled || submit.isPending) return
    setValidated(true)
    const result = validate(githubUrl)
    if (!result.success) {
      setErrors(fieldErrors<Field>(result.error.issues))
      urlRef.current?.focus()
      return
    }
    setErrors({})
    submit.mutate(result.data)
  }

  function onUrlChange(value: string) {
    setGithubUrl(value)
    if (validated) {
      const result = validate(value)
      setErrors(result.success ? {} : fieldErrors<Field>(result.error.issues))
    }
  }

  function toggle(documentId: string, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current)
      if (checked) next.add(documentId)
      else next.delete(documentId)
      return next
    })
  }

  const urlError = errors.githubUrl
  // Not tied to a field the applicant can change (a malformed stage id in the address).
  const formError = errors.stageId ?? errors.documents

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{submission ? 'Update Your Submission' : 'Submit Your Work'}</h2>
        </CardTitle>
        <CardDescription>
          {submission
            ? 'Sending again replaces your current submission; the earlier one is kept in its history.'
            : 'Share the public GitHub repository with your work and tick the documents it includes.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-6">
          <div className="grid gap-2">
            <Label htmlFor={ids.url}>GitHub Repository URL</Label>
            <Input
              ref={urlRef}
              id={ids.url}
              name="githubUrl"
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="https://github.com/username/repository"
              value={githubUrl}
              disabled={disabled}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${ids.urlError} ${ids.urlHint}` : ids.urlHint}
              onChange={(event) => onUrlChange(event.target.value)}
            />
            {urlError && (
              <FieldMessage id={ids.urlError} error>
                {urlError}
              </FieldMessage>
            )}
            <FieldMessage id={ids.urlHint}>
              The repository must be public so the jury can open it.
            </FieldMessage>
          </div>

          <DocumentChoices
            documents={documents}
            selected={selected}
            disabled={disabled}
            onToggle={toggle}
          />

          {formError && (
            <p role="alert" className="text-sm text-destructive">
              {formError}
            </p>
          )}

          {/* aria-disabled while sending, not disabled: a disabled button drops the keyboard focus. */}
          <Button
            type="submit"
            disabled={disabled}
            aria-disabled={submit.isPending || undefined}
            className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:w-auto sm:justify-self-start"
          >
            <Send aria-hidden="true" />
            {submit.isPending ? 'Submitting...' : submission ? 'Update Submission' : 'Submit'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
