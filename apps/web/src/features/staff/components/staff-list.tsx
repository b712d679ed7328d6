import type { StaffMember } from '@hackathon/contract'
import type { ReactNode } from 'react'

import { EmailAddress } from '@/components/email-address'
import { Badge } from '@/components/ui/badge'

import { STAFF_ROLE_LABELS } from '../role-labels'
import { AffiliationDialog } from './affiliation-dialog'
import { ResetPasswordDialog } from './reset-password-dialog'
import { SetActiveDialog } from './set-active-dialog'

/**
 * The staff table's columns, stacked, where the table does not fit: the email gets a line of its
 * own, the status and the actions stay in sight (docs/decisions/027-phone-tables.md).
 */
export function StaffList({
  staff,
  currentUserId,
}: {
  staff: readonly StaffMember[]
  /** The signed-in admin's own entry offers no Deactivate: that would lock them out mid-task. */
  currentUserId?: string
}) {
  return (
    <ul aria-label="Staff accounts" className="divide-y divide-border border-y border-border">
      {staff.map((member) => {
        const isYou = member.id === currentUserId
        return (
          <li key={member.id} className="grid gap-3 py-4">
            <div className="grid gap-0.5">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {member.name}
                {isYou && <Badge variant="outline">You</Badge>}
              </span>
              {/* A line of its own, the width of the screen. */}
              <EmailAddress address={member.email} className="text-sm text-muted-foreground" />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
              <Field term="Role">{STAFF_ROLE_LABELS[member.role] ?? member.role}</Field>
              <Field term="Status">
                {member.active ? (
                  <Badge variant="success">Active</Badge>
                ) : (
                  <Badge variant="secondary">Deactivated</Badge>
                )}
              </Field>
              <Field term="Sign-in">
                {member.hasPassword ? 'Password' : 'Single sign-on only'}
              </Field>
              {member.role === 'jury' && (
                <Field term="Affiliation (college)">
                  <span className="flex items-center justify-between gap-1">
                    <span className="min-w-0 [overflow-wrap:anywhere]">
                      {member.affiliation || <span className="text-muted-foreground">None</span>}
                    </span>
                    <AffiliationDialog member={member} />
                  </span>
                </Field>
              )}
            </dl>
            <div className="flex flex-wrap gap-2">
              <ResetPasswordDialog member={member} />
              {!isYou && <SetActiveDialog member={member} />}
            </div>
          </li>
        )
      })}
    </ul>
  )
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}
