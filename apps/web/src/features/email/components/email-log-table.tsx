import type { EmailLogEntry } from '@hackathon/contract'

import { Badge } from '@/components/ui/badge'
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
    // Wide enough to stay readable on a phone, where the table scrolls sideways in its box.
    <Table label="Delivery log" className="min-w-[48rem]">
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
          // A status added on the server after this build still shows, in the server's word.
          const status = EMAIL_STATUS_BADGES[message.status] ?? {
            label: message.status,
            variant: 'outline',
          }
          return (
            <TableRow key={message.id}>
              <TableCell className="[overflow-wrap:break-word]">{message.to}</TableCell>
              <TableCell className="min-w-32">{message.subject}</TableCell>
              <TableCell>
                <Badge variant={status.variant}>{status.label}</Badge>
              </TableCell>
              <TableCell className="text-right tabular-nums">{message.attempts}</TableCell>
              <TableCell className="max-w-72 min-w-36 text-muted-foreground [overflow-wrap:anywhere]">
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

function DateTime({ iso }: { iso: string }) {
  const { date, time } = dateAndTime(iso)
  return (
    <time dateTime={iso} className="grid whitespace-nowrap">
      <span>{date}</span> <span className="text-muted-foreground">{time}</span>
    </time>
  )
}

/** A dash for the eye, words for a screen reader, which would otherwise read nothing or 'dash'. */
function Nothing({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">{label}</span>
    </>
  )
}
