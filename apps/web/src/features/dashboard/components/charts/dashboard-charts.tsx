import { REGISTRATION_CHART_DAYS } from '@hackathon/contract'
import { useId, type ReactNode } from 'react'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
// By alias: the lint rule against reaching into other features reads '../../api' as one.
import { useDashboardCharts } from '@/features/dashboard/api/get-dashboard-charts'

import { QueryState } from '../query-state'
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
          <ChartCard
            title="Registrations per Day"
            description={`The last ${REGISTRATION_CHART_DAYS} days (UTC)`}
          >
            <RegistrationsChart days={registrationsPerDay} />
          </ChartCard>
          <ChartCard title="Stage Funnel" description="Registered, submitted, selected, confirmed">
            <FunnelChart rounds={funnel} />
          </ChartCard>
        </div>
      )}
    </QueryState>
  )
}

function ChartCard({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle asChild>
          <h3 id={titleId}>{title}</h3>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}
