import { APPLICANT_STATUS_LABELS, type SelectionChange } from '@hackathon/contract'

import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'

import { FromTo } from './values'

/** What a selection sheet changes, one applicant a row. */
export function SelectionChangesTable({ changes }: { changes: readonly SelectionChange[] }) {
  return (
    <Table label="Changes">
      <TableHeader>
        <TableRow>
          <TableHead>Row</TableHead>
          <TableHead>Registration ID</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Stage</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={`${change.row}-${change.applicantId}`}>
            <TableCell className="tabular-nums">{change.row}</TableCell>
            <TableCell className="whitespace-nowrap">{change.registrationId}</TableCell>
            <TableCell className="min-w-32">{change.name}</TableCell>
            <TableCell className="whitespace-nowrap">
              <FromTo
                from={change.fromStatus}
                to={change.toStatus}
                format={(status) => APPLICANT_STATUS_LABELS[status]}
              />
            </TableCell>
            <TableCell className="min-w-40">
              <FromTo from={change.fromStage} to={change.toStage} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
