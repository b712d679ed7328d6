import type { StaffMember } from '@hackathon/contract'

import { EmailAddress } from '@/components/email-address'
import { Badge } from '@/components/ui/badge'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'

import { STAFF_ROLE_LABELS } from '../role-labels'
import { AffiliationDialog } from './affiliation-dialog'
import { ResetPasswordDialog } from './reset-password-dialog'
import { SetActiveDialog } from './set-active-dialog'

export function StaffTable({
  staff,
  currentUserId,
}: {
  staff: readonly StaffMember[]
  /** The signed-in admin's own row offers no Deactivate: that would lock them out mid-task. */
  currentUserId?: string
}) {
  return (
    // Shown only where it fits (useStackedLists); narrower screens get StaffList.
    <Table label="Staff accounts" className="min-w-[52rem]">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Sign-in</TableHead>
          {/* Two lines rather than room taken from the emails. */}
          <TableHead className="whitespace-normal">Affiliation (college)</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {staff.map((member) => {
          const isYou = member.id === currentUserId
          return (
            <TableRow key={member.id}>
              <TableCell className="font-medium whitespace-nowrap">
                <span className="inline-flex items-center gap-2">
                  {member.name}
                  {isYou && <Badge variant="outline">You</Badge>}
                </span>
              </TableCell>
              {/* Breaks a long address only when the table runs out of room, after the @ first. */}
              <TableCell>
                <EmailAddress address={member.email} />
              </TableCell>
              <TableCell>{STAFF_ROLE_LABELS[member.role] ?? member.role}</TableCell>
              <TableCell>
                {member.active ? (
                  <Badge variant="success">Active</Badge>
                ) : (
                  <Badge variant="secondary">Deactivated</Badge>
                )}
              </TableCell>
              <TableCell>{member.hasPassword ? 'Password' : 'Single sign-on only'}</TableCell>
              <TableCell>
                {member.role === 'jury' ? (
                  <span className="flex items-center justify-between gap-1">
                    <span className="break-words">
                      {member.affiliation || <span className="text-muted-foreground">None</span>}
                    </span>
                    <AffiliationDialog member={member} />
                  </span>
                ) : (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">Not a judge</span>
                  </>
                )}
              </TableCell>
              <TableCell>
                <div className="ml-auto flex w-max flex-col gap-2">
                  <ResetPasswordDialog member={member} />
                  {!isYou && <SetActiveDialog member={member} />}
                </div>
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
