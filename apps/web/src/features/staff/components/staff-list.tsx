import type { StaffMember } from '@hackathon/contract'

import { StackedField, StackedFields, StackedItem, StackedList } from '@/components/stacked-list'
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
    <StackedList label="Staff accounts">
      {staff.map((member) => {
        const isYou = member.id === currentUserId
        return (
          <StackedItem key={member.id}>
            <div className="grid gap-0.5">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {member.name}
                {isYou && <Badge variant="outline">You</Badge>}
              </span>
              {/* A line of its own, the width of the screen. */}
              <EmailAddress address={member.email} className="text-sm text-muted-foreground" />
            </div>
            <StackedFields>
              <StackedField term="Role">
                {STAFF_ROLE_LABELS[member.role] ?? member.role}
              </StackedField>
              <StackedField term="Status">
                {member.active ? (
                  <Badge variant="success">Active</Badge>
                ) : (
                  <Badge variant="secondary">Deactivated</Badge>
                )}
              </StackedField>
              <StackedField term="Sign-in">
                {member.hasPassword ? 'Password' : 'Single sign-on only'}
              </StackedField>
              {member.role === 'jury' && (
                <StackedField term="Affiliation (college)">
                  <span className="flex items-center justify-between gap-1">
                    <span className="min-w-0 [overflow-wrap:anywhere]">
                      {member.affiliation || <span className="text-muted-foreground">None</span>}
                    </span>
                    <AffiliationDialog member={member} />
                  </span>
                </StackedField>
              )}
            </StackedFields>
            <div className="flex flex-wrap gap-2">
              <ResetPasswordDialog member={member} />
              {!isYou && <SetActiveDialog member={member} />}
            </div>
          </StackedItem>
        )
      })}
    </StackedList>
  )
}
