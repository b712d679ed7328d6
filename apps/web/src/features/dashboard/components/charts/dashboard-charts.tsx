import { REGISTRATION_CHART_DAYS } from '@hackathon/contract'

// By alias: the lint rule against reaching into other features reads '../../api' as one.
import { useDashboardCharts } from '@/features/dashboard/api/get-dashboard-charts'

import { QueryState } from '@/components/query-state'
import { SectionCard } from '../section-card'
import { FunnelChart } from './funnel-chart'
import { RegistrationsChart } from './registrations-chart'

/**
 * Issue 9's two charts, from GET /api/dashboard-charts. Loaded as its own chunk (see
 * lazy-dashboard-charts.tsx), so neither the landing page nor the dashboard's first paint waits
 * for it.
 */
export default function DashboardCharts() {
  const charts = useDashboardCharts()
  return (
    <QueryState
      query={charts}
      loadingLabel="Loading charts…"
      errorText="The charts could not be loaded."
    >
      {({ registrationsPerDay, funnel }) => (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <SectionCard
            level={3}
            title="Registrations per Day"
            description={`The last ${REGISTRATION_CHART_DAYS} days (UTC)`}
          >
            <RegistrationsChart days={registrationsPerDay} />
          </SectionCard>
          <SectionCard
            level={3}
            title="Stage Funnel"
            description="Registered, submitted, selected, confirmed"
          >
            <FunnelChart rounds={funnel} />
          </SectionCard>
        </div>
      )}
    </QueryState>
  )
}
