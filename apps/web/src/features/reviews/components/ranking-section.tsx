import { PIPELINE_STATE_LABELS, type Ranking, type RankingEntry } from '@hackathon/contract'
import { CheckCircle2, Download, LoaderCircle } from 'lucide-react'
import { useRef } from 'react'

import { Badge } from '@/components/ui/badge'
import { ConfirmSelectDialog } from '@/components/confirm-select-dialog'
import { QueryState } from '@/components/query-state'
import { Button } from '@/components/ui/button'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'
import { reportSelectFailed, reportSelected } from '@/lib/select-applicant'
import { handleUnauthorized } from '@/lib/unauthorized'
import { useTargetDialog } from '@/lib/use-target-dialog'

import { useExportRanking } from '../api/export-ranking'
import { useRanking } from '../api/get-ranking'
import { useSelectRankedApplicant } from '../api/select-ranked-applicant'
import { formatScore, positionOnScale } from '../scores'
import { ReviewSection } from './review-section'

/** The round's submissions by judge-normalized score, with the raw mean beside it, and Select. */
export function RankingSection({ roundId, roundName }: { roundId: string; roundName: string }) {
  const ranking = useRanking(roundId)
  const exportCsv = useExportRanking(roundId)

  function exportRanking() {
    exportCsv.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Export Successful',
          description: 'The ranking has been exported successfully.',
        }),
      onError: (err) => {
        if (handleUnauthorized(err)) return
        toast({
          variant: 'destructive',
          title: 'Export Failed',
          description: errorMessage(err, 'Failed to export the ranking.'),
        })
      },
    })
  }

  return (
    <ReviewSection
      title="Ranking"
      description="Every submission of the round, best first, from the reviews saved so far."
      action={
        <Button
          variant="outline"
          disabled={exportCsv.isPending}
          aria-busy={exportCsv.isPending || undefined}
          onClick={exportRanking}
          className="self-start"
        >
          {exportCsv.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <Download aria-hidden="true" />
          )}
          Export CSV
        </Button>
      }
    >
      <QueryState
        query={ranking}
        loadingLabel="Loading the ranking…"
        errorText="The ranking could not be loaded."
      >
        {(data) => (
          <>
            <RankingTable roundId={roundId} roundName={roundName} ranking={data} />
            <div className="grid gap-2 text-sm">
              <h3 className="text-base font-semibold">How the ranking is computed</h3>
              <p className="break-words text-muted-foreground">{data.method}</p>
              <p className="text-muted-foreground">
                Normalized is that score; Raw is the mean of the weighted scores as the judges gave
                them; Spread is the highest minus the lowest of them, so a wide spread means the
                judges disagree. Scores are on the scale from {data.scale.min} to {data.scale.max}.
              </p>
            </div>
          </>
        )}
      </QueryState>
    </ReviewSection>
  )
}

function RankingTable({
  roundId,
  roundName,
  ranking,
}: {
  roundId: string
  roundName: string
  ranking: Ranking
}) {
  const select = useSelectRankedApplicant(roundId)
  // Where focus goes when a Select button leaves with the status it was offered for.
  const fallbackRef = useRef<HTMLDivElement>(null)
  const confirmDialog = useTargetDialog<RankingEntry>(fallbackRef)

  function askToSelect(entry: RankingEntry, trigger: HTMLElement) {
    if (select.isPending) return
    confirmDialog.show(entry, trigger)
  }

  function selectApplicant(entry: RankingEntry, trigger: HTMLElement | null) {
    if (select.isPending) return
    select.mutate(entry.applicant.id, {
      onSuccess: () => {
        reportSelected()
        setTimeout(() => {
          if (!trigger?.isConnected) fallbackRef.current?.focus()
        })
      },
      onError: reportSelectFailed,
    })
  }

  if (ranking.entries.length === 0) {
    return <p className="text-sm text-muted-foreground">No submissions in this round yet.</p>
  }

  return (
    <div ref={fallbackRef} tabIndex={-1} className="focus:outline-none">
      <Table label="Ranked submissions" className="min-w-[54rem]">
        <TableHeader>
          <TableRow>
            <TableHead className="text-right">Rank</TableHead>
            <TableHead>Applicant</TableHead>
            <TableHead>College</TableHead>
            <TableHead>Normalized</TableHead>
            <TableHead className="text-right">Raw</TableHead>
            <TableHead className="text-right">Reviews</TableHead>
            <TableHead className="text-right">Spread</TableHead>
            <TableHead>In this round</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {ranking.entries.map((entry) => {
            const { applicant } = entry
            const selecting = select.isPending && select.variables === applicant.id
            return (
              <TableRow key={entry.submissionId}>
                <TableCell className="text-right font-semibold tabular-nums">
                  {entry.rank}
                </TableCell>
                <th scope="row" className="px-3 py-3 text-left font-normal">
                  <span className="grid">
                    <span className="font-medium break-words">{applicant.name}</span>
                    <span className="font-mono text-xs whitespace-nowrap text-muted-foreground">
                      {applicant.registrationId}
                    </span>
                  </span>
                </th>
                <TableCell className="break-words">{applicant.collegeName}</TableCell>
                <TableCell>
                  {entry.normalizedScore === null ? (
                    <NoScore />
                  ) : (
                    <div className="flex items-center gap-2">
                      <span className="w-12 shrink-0 text-right font-semibold tabular-nums">
                        {formatScore(entry.normalizedScore)}
                      </span>
                      {/* The number beside it is what is read out; the bar is for the eye. */}
                      <span
                        aria-hidden="true"
                        className="h-2.5 w-24 shrink-0 overflow-hidden rounded-full bg-muted"
                      >
                        <span
                          className="block h-full min-w-1 rounded-full bg-primary"
                          style={{
                            width: `${positionOnScale(entry.normalizedScore, ranking.scale) * 100}%`,
                          }}
                        />
                      </span>
                    </div>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {entry.rawScore === null ? <NoScore /> : formatScore(entry.rawScore)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{entry.reviews}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {entry.spread === null ? <NoScore /> : formatScore(entry.spread)}
                </TableCell>
                <TableCell>
                  {/* Their place in this round, not their status, which may speak of a later one. */}
                  <Badge variant="outline">{PIPELINE_STATE_LABELS[entry.roundState]}</Badge>
                </TableCell>
                <TableCell className="text-right">
                  {entry.roundState === 'submitted' && (
                    <Button
                      size="sm"
                      aria-label={`Select ${applicant.name}`}
                      // aria-disabled, not disabled: a disabled button drops the keyboard focus.
                      aria-disabled={select.isPending || undefined}
                      onClick={(event) => askToSelect(entry, event.currentTarget)}
                    >
                      <CheckCircle2 aria-hidden="true" />
                      {selecting ? 'Selecting...' : 'Select'}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
      <ConfirmSelectDialog
        target={confirmDialog.target && { name: confirmDialog.target.applicant.name, roundName }}
        open={confirmDialog.open}
        onConfirm={() => {
          if (confirmDialog.target) selectApplicant(confirmDialog.target, confirmDialog.trigger())
        }}
        onClose={confirmDialog.close}
        onCloseAutoFocus={confirmDialog.onCloseAutoFocus}
      />
    </div>
  )
}

function NoScore() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">No reviews yet</span>
    </>
  )
}
