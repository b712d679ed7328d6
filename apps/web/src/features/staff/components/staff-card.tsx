import { QueryState } from '@/components/query-state'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useStackedLists } from '@/lib/use-media-query'

import { useStaff } from '../api/get-staff'
import { AddStaffDialog } from './add-staff-dialog'
import { AFFILIATION_HINT } from './affiliation-dialog'
import { StaffList } from './staff-list'
import { StaffTable } from './staff-table'

/** The admin's list of staff accounts, with adding, password resets and (de)activation. */
export function StaffCard({ currentUserId }: { currentUserId?: string }) {
  const staff = useStaff()
  // One of the two is rendered, so each button is named once (docs/decisions/027-phone-tables.md).
  const stacked = useStackedLists()

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>Staff</h2>
          </CardTitle>
          <CardDescription>
            Admins and jury members who can sign in. A deactivated account keeps its history but
            cannot sign in. {AFFILIATION_HINT}
          </CardDescription>
        </div>
        <AddStaffDialog />
      </CardHeader>
      <CardContent>
        <QueryState
          query={staff}
          loadingLabel="Loading staff…"
          errorText="The staff list could not be loaded."
          errorClassName="py-4"
        >
          {({ staff: members }) =>
            members.length === 0 ? (
              <p className="py-4 text-sm text-muted-foreground">No staff accounts yet.</p>
            ) : stacked ? (
              <StaffList staff={members} currentUserId={currentUserId} />
            ) : (
              <StaffTable staff={members} currentUserId={currentUserId} />
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  )
}
