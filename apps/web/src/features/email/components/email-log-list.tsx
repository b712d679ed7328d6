import type { EmailLogEntry } from '@hackathon/contract'

import { StackedField, StackedFields, StackedItem, StackedList } from '@/components/stacked-list'
import { EmailAddress } from '@/components/email-address'
import { Badge } from '@/components/ui/badge'

import { DateTime, Nothing, statusBadge } from './email-log-table'

/**
 * The delivery log's columns, stacked, where the table does not fit: each email's recipient and
 * subject, then its status, attempts, times and last error under their names
 * (docs/decisions/027-phone-tables.md).
 */
export function EmailLogList({ messages }: { messages: readonly EmailLogEntry[] }) {
  return (
    <StackedList label="Delivery log">
      {messages.map((message) => {
        const status = statusBadge(message.status)
        return (
          <StackedItem key={message.id}>
            <div className="grid gap-0.5">
              <EmailAddress address={message.to} className="font-medium" />
              <span className="text-sm text-muted-foreground">{message.subject}</span>
            </div>
            <StackedFields>
              <StackedField term="Status">
                <Badge variant={status.variant}>{status.label}</Badge>
              </StackedField>
              <StackedField term="Attempts">
                <span className="tabular-nums">{message.attempts}</span>
              </StackedField>
              <StackedField term="Created">
                <DateTime iso={message.createdAt} />
              </StackedField>
              <StackedField term="Sent">
                {message.sentAt ? <DateTime iso={message.sentAt} /> : <Nothing label="Not sent" />}
              </StackedField>
              <StackedField term="Last error" wide>
                <span className="text-muted-foreground [overflow-wrap:anywhere]">
                  {message.lastError ?? <Nothing label="None" />}
                </span>
              </StackedField>
            </StackedFields>
          </StackedItem>
        )
      })}
    </StackedList>
  )
}
