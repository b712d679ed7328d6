import type { SubmissionAnswer } from '@hackathon/contract'
import type { ReactNode } from 'react'

import { ExternalLink } from '@/components/external-link'
import { formatFileSize } from '@/lib/file-size'

type AnswerFile = NonNullable<SubmissionAnswer['file']>

/**
 * A submission's answers, each under the requirement it answers (as it read when it was given):
 * a file, a link or a text. An answer to a requirement the organisers removed later stays, marked
 * "(no longer asked)" (docs/product/submissions.md#answers). `fileAction` renders a file; by
 * default a link, which staff can follow with their session cookie.
 */
export function SubmissionAnswers({
  answers,
  fileAction = (file) => <FileLink file={file} />,
  removed = (answer) => !answer.current,
}: {
  answers: readonly SubmissionAnswer[]
  fileAction?: (file: AnswerFile) => ReactNode
  /** Whether the answer's requirement is no longer asked; the answer's own `current` by default. */
  removed?: (answer: SubmissionAnswer) => boolean
}) {
  return (
    <dl className="grid gap-3">
      {answers.map((answer) => (
        <div key={answer.requirementId} className="grid min-w-0 gap-1">
          <dt className="font-medium break-words">
            {answer.description}
            {removed(answer) && (
              <span className="font-normal text-muted-foreground"> (no longer asked)</span>
            )}
          </dt>
          <dd className="min-w-0">
            <AnswerValue answer={answer} fileAction={fileAction} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

function AnswerValue({
  answer,
  fileAction,
}: {
  answer: SubmissionAnswer
  fileAction: (file: AnswerFile) => ReactNode
}) {
  if (answer.file) return fileAction(answer.file)
  if (answer.url) return <ExternalLink href={answer.url}>{answer.url}</ExternalLink>
  if (answer.text) return <p className="break-words whitespace-pre-wrap">{answer.text}</p>
  return <p className="text-muted-foreground">No answer</p>
}

function FileLink({ file }: { file: AnswerFile }) {
  return (
    <span className="inline-flex max-w-full flex-wrap items-baseline gap-x-2">
      <ExternalLink href={file.url}>{file.name}</ExternalLink>
      <span className="text-muted-foreground">{formatFileSize(file.size)}</span>
    </span>
  )
}
