import { Inbox, RotateCw } from 'lucide-react'

import { QueryState } from '@/components/query-state'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useStackedLists } from '@/lib/use-media-query'

import { useEmailLog } from '../api/get-email-log'
import { viewerTimeZone } from '../format-time'
import { EmailLogList } from './email-log-list'
import { EmailLogTable } from './email-log-table'

/**
 * The latest messages and how their delivery went. Refreshed by hand: nothing polls
 * (docs/product/email.md#delivery-log).
 */
export function EmailLogCard() {
  const log = useEmailLog()
  const refreshing = log.isFetching && !log.isPending
  // One of the two is rendered (docs/decisions/027-phone-tables.md).
  const stacked = useStackedLists()

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>Delivery Log</h2>
          </CardTitle>
          <CardDescription>
            The latest 50 emails, newest first. Times are in your time zone ({viewerTimeZone()}).
          </CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={log.isFetching}
          onClick={() => void log.refetch()}
        >
          <RotateCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState
          query={log}
          loadingLabel="Loading the delivery log…"
          errorText="The delivery log could not be loaded."
          errorClassName="py-0"
        >
          {({ messages }) =>
            messages.length === 0 ? (
              <div className="grid justify-items-center gap-2 py-8 text-center">
                <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
                <p className="font-medium">No emails sent yet</p>
                <p className="text-sm text-muted-foreground">
                  Emails appear here as soon as the platform queues them.
                </p>
              </div>
            ) : stacked ? (
              <EmailLogList messages={messages} />
            ) : (
              <EmailLogTable messages={messages} />
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  )
}
