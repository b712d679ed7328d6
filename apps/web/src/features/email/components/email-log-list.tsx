import type { EmailLogEntry } from '@hackathon/contract'
import type { ReactNode } from 'react'

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
    <ul aria-label="Delivery log" className="divide-y divide-border border-y border-border">
      {messages.map((message) => {
        const status = statusBadge(message.status)
        return (
          <li key={message.id} className="grid gap-3 py-4">
            <div className="grid gap-0.5">
              <EmailAddress address={message.to} className="font-medium" />
              <span className="text-sm text-muted-foreground">{message.subject}</span>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
              <Field term="Status">
                <Badge variant={status.variant}>{status.label}</Badge>
              </Field>
              <Field term="Attempts">
                <span className="tabular-nums">{message.attempts}</span>
              </Field>
              <Field term="Created">
                <DateTime iso={message.createdAt} />
              </Field>
              <Field term="Sent">
                {message.sentAt ? <DateTime iso={message.sentAt} /> : <Nothing label="Not sent" />}
              </Field>
              <Field term="Last error" wide>
                <span className="text-muted-foreground [overflow-wrap:anywhere]">
                  {message.lastError ?? <Nothing label="None" />}
                </span>
              </Field>
            </dl>
          </li>
        )
      })}
    </ul>
  )
}

function Field({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-full grid gap-1' : 'grid min-w-0 content-start gap-1'}>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}
