import type { ApplicantDashboard as DashboardData } from '@hackathon/contract'
import { CircleAlert, LogIn, RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'

import { ApplicantStatusBadge } from '@/components/applicant-status-badge'
import { QueryState } from '@/components/query-state'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useApplicantSession } from '@/lib/applicant-session'

import { useApplicantDashboard } from '../api/get-dashboard'
import { useLogoutApplicant } from '../api/logout'
import { ConfirmationCard } from './confirmation-card'
import { HistoryCard } from './history-card'
import { ProfileCard } from './profile-card'
import { ProgressCard } from './progress-card'
import { QuickActionsCard } from './quick-actions-card'
import { StagesCard } from './stages-card'

const UNABLE_TO_LOAD = 'Unable to Load Dashboard'

/** docs/product/screens.md#applicant-dashboard, for the signed-in applicant. */
export function ApplicantDashboard() {
  const dashboard = useApplicantDashboard()
  const session = useApplicantSession()

  return (
    <QueryState
      query={dashboard}
      loadingLabel="Loading your dashboard…"
      errorText={UNABLE_TO_LOAD}
      loadingClassName="py-12"
      // The name stored at sign-in lets the page greet the applicant before the data arrives.
      renderLoading={(spinner) => (
        <div className="mx-auto grid max-w-6xl gap-6">
          <Welcome name={session?.applicant?.name} />
          {spinner}
        </div>
      )}
      renderError={({ retry, retrying }) => <LoadError retrying={retrying} onRetry={retry} />}
      // A failed refresh (after a confirmation) keeps the dashboard as it was.
      refreshError="none"
    >
      {(data) => <DashboardView data={data} />}
    </QueryState>
  )
}

function Welcome({ name, children }: { name?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {name ? `Welcome, ${name}!` : 'Welcome!'}
        </h1>
        <p className="text-muted-foreground">
          Follow your application and submit your work for each stage.
        </p>
      </div>
      {children}
    </div>
  )
}

function DashboardView({ data }: { data: DashboardData }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <Welcome name={data.applicant.name}>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          Status <ApplicantStatusBadge status={data.currentStatus} />
        </p>
      </Welcome>
      {data.requiresConfirmation && <ConfirmationCard />}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <ProgressCard items={data.progress} />
          <StagesCard rounds={data.rounds} />
          <HistoryCard items={data.history} />
        </div>
        <div className="grid content-start gap-6">
          <ProfileCard applicant={data.applicant} />
          <QuickActionsCard />
        </div>
      </div>
    </div>
  )
}

/**
 * The dashboard failed to load and nothing is shown yet
 * (docs/product/screens.md#applicant-dashboard).
 */
function LoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const logout = useLogoutApplicant()

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader role="alert" className="items-center text-center">
        <span className="mb-2 grid size-12 place-items-center rounded-full bg-destructive/10 text-destructive">
          <CircleAlert aria-hidden="true" className="size-6" />
        </span>
        <CardTitle asChild className="text-2xl">
          <h1>{UNABLE_TO_LOAD}</h1>
        </CardTitle>
        <CardDescription>Please try refreshing the page or contact support.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button
          type="button"
          variant="outline"
          aria-disabled={retrying}
          onClick={() => {
            if (!retrying) onRetry()
          }}
        >
          <RotateCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          {retrying ? 'Trying again...' : 'Try again'}
        </Button>
        {/* Ends the session here and on the server, whatever the answer; the layout then leaves. */}
        <Button
          type="button"
          aria-disabled={logout.isPending}
          onClick={() => {
            if (!logout.isPending) logout.mutate()
          }}
        >
          <LogIn aria-hidden="true" />
          Back to Login
        </Button>
      </CardContent>
    </Card>
  )
}
