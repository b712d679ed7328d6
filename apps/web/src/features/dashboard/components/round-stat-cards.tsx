import type { Round, StageStat } from '@hackathon/contract'
import {
  Boxes,
  Building2,
  FileUp,
  FolderCheck,
  Lightbulb,
  Rocket,
  Ticket,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { useId } from 'react'

import { Card } from '@/components/ui/card'

import { formatCount } from '../format-count'
import { recordedStats, roundStatCards } from '../round-stats'
import { DashboardStatusBadge } from './dashboard-status-badge'

const ICONS: Readonly<Record<string, LucideIcon>> = {
  Participants: Users,
  Invitees: Ticket,
  Colleges: Building2,
  'Ideas Submitted': Lightbulb,
  'Prototypes Approved': Boxes,
  'Projects Approved': FolderCheck,
  'Solutions to be Built': Rocket,
  Submissions: FileUp,
}

/**
 * Per round, in stage order, its status badge and three stat cards. `stages`
 * (GET /api/stage-stats) says which rounds have records, and so which may show estimates; when
 * it could not be loaded, every round without a count may.
 */
export function RoundStatCards({
  rounds,
  stages,
}: {
  rounds: readonly Round[]
  stages: readonly StageStat[] | undefined
}) {
  return (
    <ul className="grid gap-8">
      {rounds.map((round) => (
        <li key={round.id}>
          <RoundStats
            round={round}
            recorded={stages ? recordedStats(round.id, stages) : undefined}
          />
        </li>
      ))}
    </ul>
  )
}

function RoundStats({ round, recorded }: { round: Round; recorded: StageStat | null | undefined }) {
  const titleId = useId()
  return (
    <article aria-labelledby={titleId} className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={titleId} className="min-w-0 text-lg font-semibold break-words">
          {round.name}
        </h3>
        <DashboardStatusBadge status={round.status} />
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        {roundStatCards(round, recorded).map(({ label, value, estimated }) => {
          const Icon = ICONS[label] ?? FileUp
          return (
            // The dt and dd sit right in the card: a <dl> allows one wrapping <div> per pair.
            <Card key={label} className="grid gap-1 p-4">
              <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
                {label}
              </dt>
              <dd className="flex flex-wrap items-baseline gap-x-2">
                <span className="text-2xl font-bold tabular-nums">{formatCount(value)}</span>
                {estimated && (
                  // A round without records: a share of its participants
                  // (docs/product/pipeline.md#figures).
                  <span className="text-xs text-muted-foreground">estimated</span>
                )}
              </dd>
            </Card>
          )
        })}
      </dl>
    </article>
  )
}
