import { RotateCw } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/error-message'
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
        {staff.isPending ? (
          <div className="grid place-items-center py-8">
            <Spinner label="Loading staff…" />
          </div>
        ) : staff.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 py-4 text-sm">
            <p>{errorMessage(staff.error, 'The staff list could not be loaded.')}</p>
            <Button variant="outline" size="sm" onClick={() => void staff.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : staff.data.staff.length === 0 ? (
          <p className="py-4 text-sm text-muted-foreground">No staff accounts yet.</p>
        ) : stacked ? (
          <StaffList staff={staff.data.staff} currentUserId={currentUserId} />
        ) : (
          <StaffTable staff={staff.data.staff} currentUserId={currentUserId} />
        )}
      </CardContent>
    </Card>
  )
}
