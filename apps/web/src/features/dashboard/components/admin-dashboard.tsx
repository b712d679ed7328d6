import { useId } from 'react'

import { useRecentActivity } from '../api/get-recent-activity'
import { useRounds } from '../api/get-rounds'
import { useStageStats } from '../api/get-stage-stats'
import { LazyDashboardCharts } from './charts/lazy-dashboard-charts'
import { NoRounds } from './no-rounds'
import { QueryState } from '@/components/query-state'
import { RecentActivityList } from './recent-activity'
import { RoundProgressList } from './round-progress'
import { RoundStatCards } from './round-stat-cards'
import { SectionCard } from './section-card'

/**
 * SPEC.md section 2, "Admin dashboard", below its header: each round's figures, Round Progress,
 * Recent Activity and the charts. Each part loads, fails and retries on its own, and all of them
 * follow the live updates (lib/live-updates.ts) through their query keys.
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
            list.length === 0 ? <NoRounds /> : <RoundStatCards rounds={list} />
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
