import { CircleCheckBig, CircleMinus } from 'lucide-react'
import type { ReactNode } from 'react'

import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'

import { useEmailSettings } from '../api/get-email-settings'

/**
 * 'System Status' (SPEC.md section 2), from the saved settings rather than the form, so it
 * changes only when a save has reached the server. Each state is a word, not just a colour.
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
        {settings.isPending ? (
          <div className="grid place-items-center py-4">
            <Spinner label="Loading the email status…" />
          </div>
        ) : settings.isError ? (
          // The settings card above shows the reason and a way to retry.
          <p className="text-sm text-muted-foreground">The email status is unavailable.</p>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            <StatusItem
              term="Email Service"
              on={settings.data.enableEmails}
              onLabel="Enabled"
              offLabel="Disabled"
              detail={
                settings.data.enableEmails
                  ? 'Applicants receive confirmation emails.'
                  : // Codes and invitations are essential: they go out regardless (issue 22).
                    'Notifications are off: applicants get no confirmation, selection or receipt emails. Sign-in codes and staff invitations are still sent.'
              }
            />
            <StatusItem
              term="SMTP Configuration"
              on={settings.data.emailHost.trim() !== ''}
              onLabel="Configured"
              offLabel="Not Configured"
              detail={
                settings.data.emailHost.trim() ? (
                  <span className="[overflow-wrap:anywhere]">
                    {settings.data.emailHost}
                    {settings.data.emailPort && `:${settings.data.emailPort}`}
                  </span>
                ) : (
                  'No SMTP host is saved.'
                )
              }
            />
          </dl>
        )}
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
