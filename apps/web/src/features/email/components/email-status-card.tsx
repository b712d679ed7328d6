import { CircleCheckBig, CircleMinus } from 'lucide-react'
import type { ReactNode } from 'react'

import { QueryState } from '@/components/query-state'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

import { useEmailSettings } from '../api/get-email-settings'

const UNAVAILABLE = 'The email status is unavailable.'

/**
 * 'System Status' (docs/product/email.md#system-status), from the saved settings rather than the
 * form, so it changes only when a save has reached the server. Each state is a word, not just a
 * colour.
 */
export function EmailStatusCard() {
  const settings = useEmailSettings()

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>System Status</h2>
        </CardTitle>
        <CardDescription>The saved email configuration.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={settings}
          loadingLabel="Loading the email status…"
          errorText={UNAVAILABLE}
          loadingClassName="py-4"
          // The settings card above shows the reason and a way to retry.
          renderError={() => <p className="text-sm text-muted-foreground">{UNAVAILABLE}</p>}
          refreshError="none"
        >
          {(saved) => (
            <dl className="grid gap-4 sm:grid-cols-2">
              <StatusItem
                term="Email Service"
                on={saved.enableEmails}
                onLabel="Enabled"
                offLabel="Disabled"
                detail={
                  saved.enableEmails
                    ? 'Applicants receive confirmation emails.'
                    : // Codes and invitations are essential: they go out regardless (issue 22).
                      'Notifications are off: applicants get no confirmation, selection or receipt emails. Sign-in codes and staff invitations are still sent.'
                }
              />
              <StatusItem
                term="SMTP Configuration"
                on={saved.emailHost.trim() !== ''}
                onLabel="Configured"
                offLabel="Not Configured"
                detail={
                  saved.emailHost.trim() ? (
                    <span className="[overflow-wrap:anywhere]">
                      {saved.emailHost}
                      {saved.emailPort && `:${saved.emailPort}`}
                    </span>
                  ) : (
                    'No SMTP host is saved.'
                  )
                }
              />
            </dl>
          )}
        </QueryState>
      </CardContent>
    </Card>
  )
}

function StatusItem({
  term,
  on,
  onLabel,
  offLabel,
  detail,
}: {
  term: string
  on: boolean
  onLabel: string
  offLabel: string
  detail: ReactNode
}) {
  const Icon = on ? CircleCheckBig : CircleMinus
  return (
    <div className="grid gap-2 rounded-lg border border-border p-4">
      <dt className="text-sm font-medium">{term}</dt>
      <dd className="grid justify-items-start gap-1.5">
        <Badge variant={on ? 'success' : 'secondary'}>
          <Icon aria-hidden="true" />
          {on ? onLabel : offLabel}
        </Badge>
        <span className="text-sm text-muted-foreground">{detail}</span>
      </dd>
    </div>
  )
}
