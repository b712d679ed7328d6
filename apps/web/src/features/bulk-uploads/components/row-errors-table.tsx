import type { UploadRowError } from '@hackathon/contract'

import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'

/** 'Errors by row': the sheet's own row numbers (the header is row 1) and what is wrong. */
export function RowErrorsTable({ errors }: { errors: readonly UploadRowError[] }) {
  return (
    <Table label="Errors by row">
      <TableHeader>
        <TableRow>
          <TableHead className="w-16">Row</TableHead>
          <TableHead>Problem</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {errors.map((error, index) => (
          <TableRow key={`${error.row}-${index}`}>
            <TableCell className="align-top tabular-nums">{error.row}</TableCell>
            <TableCell className="min-w-48 break-words text-destructive">{error.message}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
