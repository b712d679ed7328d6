import { REVIEW_MESSAGES, type MyReview, type StaffSubmission } from '@hackathon/contract'
import { ClipboardCheck, Lock } from 'lucide-react'
import { useId, useRef, useState } from 'react'

import { QueryState } from '@/components/query-state'
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
import { toast } from '@/components/ui/use-toast'
import { apiErrorStatus } from '@/lib/error-message'

import { useMyReview } from '../api/get-my-review'
import { useSaveReview } from '../api/save-review'
import { reportFailure } from '../report-failure'
import { formatScore, sharedScale } from '../scores'
import { ConflictDialog } from './conflict-dialog'
import { ReviewForm, criterionLabel } from './review-form'
import { ReviewHistory } from './review-history'

/** Where focus goes when the submission leaves the list: the page's main landmark. */
const MAIN_ID = 'main-content'

/** 'Score' (or 'Edit score' once saved): the jury member's review of one submission. */
export function ReviewDialog({ submission }: { submission: StaffSubmission }) {
  const [open, setOpen] = useState(false)
  const declared = useRef(false)
  const { applicant } = submission
  const saved = Boolean(submission.myReview?.savedAt)
  const label = saved ? 'Edit score' : 'Score'

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant={saved ? 'outline' : 'default'}
          size="sm"
          aria-label={saved ? `Edit score for ${applicant.name}` : `Score ${applicant.name}`}
        >
          <ClipboardCheck aria-hidden="true" />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          // After a conflict the card (and its button) leaves the list: do not focus a ghost.
          if (!declared.current) return
          event.preventDefault()
          document.getElementById(MAIN_ID)?.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>Score {applicant.name}</DialogTitle>
          <DialogDescription>
            {applicant.registrationId} · {submission.round.name}. Score every criterion; comments
            are optional.
          </DialogDescription>
        </DialogHeader>
        <ReviewContent
          submission={submission}
          onSaved={() => setOpen(false)}
          onDeclared={() => {
            declared.current = true
            setOpen(false)
          }}
        />
      </DialogContent>
    </Dialog>
  )
}

function ReviewContent({
  submission,
  onSaved,
  onDeclared,
}: {
  submission: StaffSubmission
  onSaved: () => void
  onDeclared: () => void
}) {
  const review = useMyReview(submission.id)

  return (
    <QueryState
      query={review}
      loadingLabel="Loading the review…"
      errorText="The review could not be loaded."
      loadingClassName="py-10"
      errorClassName="py-0"
    >
      {(data) => (
        <ReviewBody
          data={data}
          submission={submission}
          onReload={() => void review.refetch()}
          onSaved={onSaved}
          onDeclared={onDeclared}
        />
      )}
    </QueryState>
  )
}

function ReviewBody({
  data,
  submission,
  onReload,
  onSaved,
  onDeclared,
}: {
  data: MyReview
  submission: StaffSubmission
  /** Reads the review again, e.g. after the round closed or a conflict was declared meanwhile. */
  onReload: () => void
  onSaved: () => void
  onDeclared: () => void
}) {
  const save = useSaveReview(submission.id)
  const formId = useId()

  if (data.conflict) {
    return (
      <p role="status" className="rounded-lg bg-muted p-3 text-sm">
        {REVIEW_MESSAGES.conflictDeclared}
      </p>
    )
  }
  if (!data.editable) {
    return (
      <div className="grid gap-4">
        <p role="status" className="flex items-center gap-2 rounded-lg bg-muted p-3 text-sm">
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          {REVIEW_MESSAGES.reviewClosed}
        </p>
        <ReadOnlyReview review={data} />
        <ReviewHistory review={data} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </div>
    )
  }

  return (
    <ReviewForm
      // A fresh form for each saved version, so it starts from what the server holds.
      key={data.savedAt ?? 'new'}
      id={formId}
      review={data}
      onSubmit={(request) =>
        save.mutate(request, {
          onSuccess: () => {
            toast({ title: 'Success', description: REVIEW_MESSAGES.saved })
            onSaved()
          },
          onError: (err) => {
            reportFailure(err, 'Failed to save the review')
            // Closed or conflicted meanwhile: show the review as it now stands.
            const status = apiErrorStatus(err)
            if (status === 403 || status === 409) onReload()
          },
        })
      }
      footer={
        <DialogFooter className="sm:justify-between">
          <ConflictDialog
            submissionId={submission.id}
            applicantName={submission.applicant.name}
            onDeclared={onDeclared}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={save.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </DialogFooter>
      }
    >
      <ReviewHistory review={data} />
    </ReviewForm>
  )
}

/** The saved scores, for a round whose reviews have closed. */
function ReadOnlyReview({ review }: { review: MyReview }) {
  const scores = new Map(review.scores.map((s) => [s.criterionId, s]))
  const scale = sharedScale(review.rubric.criteria)
  if (!review.savedAt) {
    return <p className="text-sm text-muted-foreground">You did not score this submission.</p>
  }
  return (
    <div className="grid gap-3 text-sm">
      <dl className="grid gap-2">
        {review.rubric.criteria.map((criterion) => {
          const score = scores.get(criterion.id)
          return (
            <div key={criterion.id} className="grid gap-0.5">
              <dt className="font-medium">{criterionLabel(criterion)}</dt>
              <dd className="break-words text-muted-foreground">
                {score ? score.score : 'Not scored'}
                {score?.comment && ` · ${score.comment}`}
              </dd>
            </div>
          )
        })}
      </dl>
      {review.comment && (
        <p className="break-words whitespace-pre-line">
          <span className="font-medium">Overall comment: </span>
          {review.comment}
        </p>
      )}
      {review.total !== null && (
        <p>
          Your score:{' '}
          <strong className="tabular-nums">
            {formatScore(review.total)}
            {scale && ` / ${scale.max}`}
          </strong>
        </p>
      )}
    </div>
  )
}
