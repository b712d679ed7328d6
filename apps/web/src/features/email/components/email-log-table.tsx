import type { EmailLogEntry } from '@hackathon/contract'

import { EmailAddress } from '@/components/email-address'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'

import { EMAIL_STATUS_BADGES } from '../email-status-labels'
import { dateAndTime } from '../format-time'

export function EmailLogTable({ messages }: { messages: readonly EmailLogEntry[] }) {
  return (
    // Shown only where it fits (useStackedLists). The addresses and errors break anywhere, so
    // their long words never push the last columns out of the box (docs/decisions/027-phone-tables.md).
    <Table label="Delivery log">
      <TableHeader>
        <TableRow>
          <TableHead>Recipient</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Attempts</TableHead>
          <TableHead>Last error</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Sent</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {messages.map((message) => {
          const status = statusBadge(message.status)
          return (
            <TableRow key={message.id}>
              <TableCell>
                <EmailAddress address={message.to} />
              </TableCell>
              <TableCell>{message.subject}</TableCell>
              <TableCell>
                <Badge variant={status.variant}>{status.label}</Badge>
              </TableCell>
              <TableCell className="text-right tabular-nums">{message.attempts}</TableCell>
              <TableCell className="max-w-72 text-muted-foreground [overflow-wrap:anywhere]">
                {message.lastError ?? <Nothing label="None" />}
              </TableCell>
              <TableCell>
                <DateTime iso={message.createdAt} />
              </TableCell>
              <TableCell>
                {message.sentAt ? <DateTime iso={message.sentAt} /> : <Nothing label="Not sent" />}
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}

/** A status added on the server after this build still shows, in the server's word. */
export function statusBadge(status: EmailLogEntry['status']): {
  label: string
  variant: BadgeProps['variant']
} {
  return EMAIL_STATUS_BADGES[status] ?? { label: status, variant: 'outline' }
}

export function DateTime({ iso }: { iso: string }) {
  const { date, time } = dateAndTime(iso)
  return (
    <time dateTime={iso} className="grid whitespace-nowrap">
      <span>{date}</span> <span className="text-muted-foreground">{time}</span>
    </time>
  )
}

/** A dash for the eye, words for a screen reader, which would otherwise read nothing or 'dash'. */
export function Nothing({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">{label}</span>
    </>
  )
}
