import {
  SUBMISSION_MESSAGES,
  type ApplicantSubmission,
  type StageDocument,
  type SubmitStageInput,
} from '@hackathon/contract'
import { Send } from 'lucide-react'
import { useId, useMemo, useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'

import { useZodForm } from '@/components/form/use-zod-form'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { FieldMessage, Label } from '@/components/ui/label'
import { toast } from '@/components/ui/use-toast'
import { apiErrorStatus, errorMessage } from '@/lib/error-message'

import { useSubmitStage } from '../api/submit-stage'
import { APPLICANT_DASHBOARD_PATH } from '../paths'
import { ANSWER_FIELD, initialValues, requirementNamedIn, stageFormSchema } from '../stage-form'
import { submitErrorNotice } from '../submit-error'
import { RequirementAnswers } from './requirement-answers'

const URL_MESSAGES: readonly string[] = [
  SUBMISSION_MESSAGES.urlRequired,
  SUBMISSION_MESSAGES.urlInvalid,
]

/**
 * docs/product/submissions.md: the stage submission, with an answer to each requirement
 * (docs/product/submissions.md#answers); resubmitting updates the existing submission.
 * react-hook-form with the zod resolver: checked on submit, then on every change; the first
 * field in error takes the focus.
 */
export function StageSubmissionForm({
  stageId,
  documents,
  submission,
  disabled,
}: {
  stageId: string
  /** The stage's requirements, in its order. */
  documents: readonly StageDocument[]
  submission: ApplicantSubmission | undefined
  /** The stage is not open to the applicant: nothing can be changed or sent. */
  disabled: boolean
}) {
  const schema = useMemo(() => stageFormSchema(stageId, documents), [stageId, documents])
  const form = useZodForm(schema, { defaultValues: initialValues(documents, submission) })
  const { errors } = form.formState
  const [uploading, setUploading] = useState<ReadonlySet<number>>(() => new Set())
  const [formError, setFormError] = useState<string | null>(null)
  const ids = { url: useId(), urlHint: useId(), urlError: useId(), formError: useId() }
  const [, navigate] = useLocation()

  /**
   * A refusal that names a field is shown on it: a requirement in quotes (the server's
   * "Please answer "…": it is required."), or the path of a checked field ("githubUrl: …",
   * "answers.0.url: …", where 0 is the place of the answer in what was sent).
   */
  function showOnField(message: string, sent: SubmitStageInput) {
    const checked = /^([\w.]+): (.+)$/.exec(message)
    const path = checked?.[1] ?? ''
    const text = checked?.[2] ?? message
    if (path === 'githubUrl' || URL_MESSAGES.includes(message)) {
      form.setError('githubUrl', { type: 'server', message: text }, { shouldFocus: true })
      return
    }
    const answered = /^answers\.(\d+)\b/.exec(path)
    const requirementId = answered ? sent.answers?.[Number(answered[1])]?.requirementId : undefined
    const index = requirementId
      ? documents.findIndex((r) => r.id === requirementId)
      : (requirementNamedIn(message, documents) ?? -1)
    const requirement = documents[index]
    if (!requirement) return
    form.setError(
      `answers.${index}.${ANSWER_FIELD[requirement.kind]}`,
      { type: 'server', message: requirementId ? text : message },
      { shouldFocus: true },
    )
  }

  const submit = useSubmitStage({
    onSuccess: ({ message }) => toast({ title: 'Success', description: message }),
    onError: (err, sent) => {
      const notice = submitErrorNotice(err)
      toast({ variant: 'destructive', title: notice.title, description: notice.description })
      if (notice.stageGone) navigate(APPLICANT_DASHBOARD_PATH)
      else if (apiErrorStatus(err) === 400) showOnField(errorMessage(err, ''), sent)
    },
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (disabled || submit.isPending) {
      event.preventDefault()
      return
    }
    if (uploading.size > 0) {
      event.preventDefault()
      setFormError('A file is still uploading: wait until it is done, then submit.')
      return
    }
    setFormError(null)
    void form.handleSubmit((input) => submit.mutate(input))(event)
  }

  function onBusyChange(index: number, busy: boolean) {
    setUploading((current) => {
      const next = new Set(current)
      if (busy) next.add(index)
      else next.delete(index)
      return next
    })
    if (!busy) setFormError(null)
  }

  const urlError = errors.githubUrl?.message
  // Not tied to a field the applicant can change (a malformed stage id in the address).
  const schemaError = (errors as Record<string, { message?: string } | undefined>).stageId?.message
  const shownFormError = formError ?? schemaError
  const url = form.register('githubUrl')

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{submission ? 'Update Your Submission' : 'Submit Your Work'}</h2>
        </CardTitle>
        <CardDescription>
          {submission
            ? 'Sending again replaces your current submission; the earlier one is kept in its history.'
            : 'Share the public GitHub repository with your work and answer what the stage asks for.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-6">
          <div className="grid gap-2">
            <Label htmlFor={ids.url}>GitHub Repository URL</Label>
            <Input
              id={ids.url}
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="https://github.com/username/repository"
              disabled={disabled}
              required
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${ids.urlError} ${ids.urlHint}` : ids.urlHint}
              {...url}
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

          <RequirementAnswers
            requirements={documents}
            form={form}
            disabled={disabled}
            onBusyChange={onBusyChange}
          />

          {shownFormError && (
            <p id={ids.formError} role="alert" className="text-sm text-destructive">
              {shownFormError}
            </p>
          )}

          {/* aria-disabled while sending, not disabled: a disabled button drops the keyboard focus. */}
          <Button
            type="submit"
            disabled={disabled}
            aria-disabled={submit.isPending || uploading.size > 0 || undefined}
            aria-describedby={shownFormError ? ids.formError : undefined}
            className="w-full sm:w-auto sm:justify-self-start"
          >
            <Send aria-hidden="true" />
            {submit.isPending ? 'Submitting...' : submission ? 'Update Submission' : 'Submit'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
