import {
  DEFAULT_REVIEWS_PER_SUBMISSION,
  assignmentRequest,
  type AssignmentOverview,
} from '@hackathon/contract'
import { LoaderCircle, UserCheck } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'wouter'

import { FormField } from '@/components/form/form-field'
import { formSchema } from '@/components/form/form-schema'
import { errorOf, useZodForm } from '@/components/form/use-zod-form'
import { QueryState } from '@/components/query-state'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { toast } from '@/components/ui/use-toast'

import { useAssignReviewers } from '../api/assign-reviewers'
import { useAssignments } from '../api/get-assignments'
import { reportFailure } from '../report-failure'
import { ProgressBar } from './progress-bar'
import { ReviewSection } from './review-section'

/** N judges per submission, how well the round is covered, and how far each judge has got. */
export function AssignmentSection({ roundId }: { roundId: string }) {
  const overview = useAssignments(roundId)

  return (
    <ReviewSection
      title="Assignment"
      description="Share the submissions out among the jury. A judge is never given a submission from their own college, nor one they declared a conflict of interest with."
    >
      <QueryState
        query={overview}
        loadingLabel="Loading the assignments…"
        errorText="The assignments could not be loaded."
      >
        {(data) => (
          <>
            <AssignForm
              key={data.reviewsPerSubmission}
              roundId={roundId}
              current={data.reviewsPerSubmission}
            />
            <Coverage overview={data} />
            <Judges overview={data} />
          </>
        )}
      </QueryState>
    </ReviewSection>
  )
}

/** assignmentRequest over the field as typed: its problem in the form's words. */
const assignForm = formSchema(assignmentRequest, {
  input: ({ reviewsPerSubmission: value }: { reviewsPerSubmission: string }) => ({
    reviewsPerSubmission: value.trim() === '' ? Number.NaN : Number(value),
  }),
  issue: (problem) => ({
    path: ['reviewsPerSubmission'],
    message:
      problem.code === 'invalid_type'
        ? 'Enter a whole number'
        : problem.code === 'too_big'
          ? 'At most 20 reviews per submission'
          : problem.message,
  }),
})

function AssignForm({ roundId, current }: { roundId: string; current: number }) {
  const form = useZodForm(assignForm, {
    defaultValues: { reviewsPerSubmission: String(current || DEFAULT_REVIEWS_PER_SUBMISSION) },
  })
  const error = errorOf(form, 'reviewsPerSubmission')
  const assign = useAssignReviewers(roundId)
  const id = useId()

  const submit = form.handleSubmit((request) =>
    assign.mutate(request, {
      onSuccess: (overview) =>
        toast({
          title: 'Reviewers assigned',
          description:
            overview.underAssigned === 0
              ? `Every submission has ${overview.reviewsPerSubmission} judges.`
              : `${overview.underAssigned} of ${overview.submissions} submissions have fewer than ${overview.reviewsPerSubmission} judges: there are not enough eligible jury members.`,
        }),
      onError: (err) => reportFailure(err, 'Failed to assign reviewers'),
    }),
  )

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <FormField
        id={id}
        label="Reviews per submission"
        className="sm:w-56"
        error={error}
        hint="How many judges score each submission."
      >
        {({ id: inputId, describedBy, invalid }) => (
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            step={1}
            {...form.register('reviewsPerSubmission')}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>
      <Button
        type="submit"
        disabled={assign.isPending}
        aria-busy={assign.isPending || undefined}
        className="sm:mt-6"
      >
        {assign.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <UserCheck aria-hidden="true" />
        )}
        {assign.isPending ? 'Assigning...' : 'Assign reviewers'}
      </Button>
    </form>
  )
}

function Coverage({ overview }: { overview: AssignmentOverview }) {
  const { submissions, underAssigned, underReviewed, reviewsPerSubmission: n } = overview
  const items = [
    {
      label: 'Fully assigned',
      done: submissions - underAssigned,
      short: underAssigned,
      shortText: `${underAssigned} under-assigned (fewer than ${n} judges)`,
    },
    {
      label: 'Fully reviewed',
      done: submissions - underReviewed,
      short: underReviewed,
      shortText: `${underReviewed} under-reviewed (fewer than ${n} reviews saved)`,
    },
  ]

  return (
    <div className="grid gap-4">
      <h3 className="font-semibold">Coverage</h3>
      {submissions === 0 ? (
        <p className="text-sm text-muted-foreground">No submissions in this round yet.</p>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3">
          <div className="grid content-start gap-1 rounded-lg border border-border p-3">
            <dt className="text-sm text-muted-foreground">Submissions</dt>
            <dd className="text-2xl font-semibold tabular-nums">{submissions}</dd>
          </div>
          {items.map((item) => (
            <div
              key={item.label}
              className="grid content-start gap-2 rounded-lg border border-border p-3"
            >
              <dt className="text-sm text-muted-foreground">{item.label}</dt>
              <dd className="grid gap-2">
                <span className="text-2xl font-semibold tabular-nums">
                  {item.done}
                  <span className="text-base font-normal text-muted-foreground">
                    {' '}
                    of {submissions}
                  </span>
                </span>
                <ProgressBar label={item.label} value={item.done} max={submissions} />
                <span
                  className={
                    item.short > 0 ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'
                  }
                >
                  {item.shortText}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}

function Judges({ overview }: { overview: AssignmentOverview }) {
  return (
    <div className="grid gap-3">
      <h3 className="font-semibold">Judges</h3>
      {overview.judges.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No active jury members yet: add them under{' '}
          <Link href="/settings" className="text-primary underline-offset-4 hover:underline">
            Settings
          </Link>
          .
        </p>
      ) : (
        <Table label="Judges’ progress" className="min-w-[40rem]">
          <TableHeader>
            <TableRow>
              <TableHead>Judge</TableHead>
              <TableHead>Affiliation</TableHead>
              <TableHead className="text-right">Assigned</TableHead>
              <TableHead className="text-right">Reviewed</TableHead>
              <TableHead className="text-right">Conflicts</TableHead>
              <TableHead className="w-48">Progress</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {overview.judges.map((judge) => (
              <TableRow key={judge.id}>
                <th scope="row" className="px-3 py-3 text-left font-medium break-words">
                  {judge.name}
                </th>
                <TableCell className="break-words">
                  {judge.affiliation ?? <span className="text-muted-foreground">None</span>}
                </TableCell>
                <TableCell className="text-right tabular-nums">{judge.assigned}</TableCell>
                <TableCell className="text-right tabular-nums">{judge.reviewed}</TableCell>
                <TableCell className="text-right tabular-nums">{judge.conflicts}</TableCell>
                <TableCell>
                  {judge.assigned === 0 ? (
                    <span className="text-muted-foreground">Nothing assigned</span>
                  ) : (
                    <div className="flex items-center gap-2">
                      <ProgressBar
                        label={`${judge.name}’s progress`}
                        value={Math.min(judge.reviewed, judge.assigned)}
                        max={judge.assigned}
                      />
                      <span className="w-10 shrink-0 text-right text-xs tabular-nums">
                        {Math.round(
                          (Math.min(judge.reviewed, judge.assigned) / judge.assigned) * 100,
                        )}
                        %
                      </span>
                    </div>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  )
}
