import { useId } from 'react'

import { QueryState } from '@/components/query-state'
import { Spinner } from '@/components/ui/spinner'

import { useRecentActivity } from '../api/get-recent-activity'
import { useRounds } from '../api/get-rounds'
import { useStageStats } from '../api/get-stage-stats'
import { LazyDashboardCharts } from './charts/lazy-dashboard-charts'
import { NoRounds } from './no-rounds'
import { RecentActivityList } from './recent-activity'
import { RoundProgressList } from './round-progress'
import { RoundStatCards } from './round-stat-cards'
import { SectionCard } from './section-card'

/**
 * The admin dashboard below its header: each round's figures (in stage order, as the server
 * sends them, docs/product/pipeline.md#order), Round Progress, Recent Activity and the charts. Each part loads,
 * fails and retries on its own, and all of them follow the live updates (lib/live-updates.ts)
 * through their query keys.
 */
export function AdminDashboard() {
  const rounds = useRounds()
  const stageStats = useStageStats()
  const activity = useRecentActivity()
  const roundList = rounds.data?.rounds
  const roundsTitleId = useId()

  return (
    <div className="grid gap-8">
      <section aria-labelledby={roundsTitleId} className="grid gap-4">
        <h2 id={roundsTitleId} className="text-xl font-semibold tracking-tight">
          Competition Rounds
        </h2>
        <QueryState
          query={rounds}
          loadingLabel="Loading competition rounds…"
          errorText="The competition rounds could not be loaded."
        >
          {({ rounds: list }) =>
            list.length === 0 ? (
              <NoRounds />
            ) : stageStats.isPending ? (
              // Which rounds have records decides whether a figure may be an estimate: wait for it
              // rather than show estimates that turn into counts a moment later.
              <div className="grid place-items-center py-8">
                <Spinner label="Loading competition rounds…" />
              </div>
            ) : (
              <RoundStatCards rounds={list} stages={stageStats.data?.stages} />
            )
          }
        </QueryState>
      </section>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        {/* Without rounds there is no progress to show; the rounds section says why. */}
        {roundList && roundList.length > 0 && (
          <SectionCard
            title="Round Progress"
            description="Submissions and qualified applicants per round"
          >
            <QueryState
              query={stageStats}
              loadingLabel="Loading round progress…"
              errorText="The round progress could not be loaded."
            >
              {({ stages }) => <RoundProgressList rounds={roundList} stages={stages} />}
            </QueryState>
          </SectionCard>
        )}
        <SectionCard
          title="Recent Activity"
          description="Registrations, submissions and selections"
        >
          <QueryState
            query={activity}
            loadingLabel="Loading recent activity…"
            errorText="The recent activity could not be loaded."
          >
            {(items) => <RecentActivityList items={items} />}
          </QueryState>
        </SectionCard>
      </div>

      <LazyDashboardCharts />
    </div>
  )
}
