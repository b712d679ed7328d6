import { Readable } from 'node:stream'
import type { applicantExportFilters } from '@hackathon/contract'
import type { z } from 'zod'
import type { Db } from '../../db/client.js'
import { csvRow, UTF8_BOM } from '../../lib/csv.js'
import * as repo from './exports.repo.js'

const HEADER = [
  'Registration ID',
  'Name',
  'Email',
  'Mobile',
  'Student ID',
  'College',
  'Course',
  'Year of Graduation',
  'LinkedIn Profile',
  'Status',
  'Current Stage',
  'GitHub URL',
  'Registered At (UTC)',
  'Reviewed At (UTC)',
]

const PAGE_SIZE = 1000

export type ExportsService = ReturnType<typeof createExportsService>

export function createExportsService({ db }: { db: Db }) {
  return {
    /** The applicants matching the filters as a CSV stream: rows are read and sent a page at a time. */
    applicantsCsv(filters: z.output<typeof applicantExportFilters>): Readable {
      const filter: repo.ApplicantExportFilter = {
        from: filters.fromDateTime ? new Date(filters.fromDateTime) : undefined,
        to: filters.toDateTime ? new Date(filters.toDateTime) : undefined,
        college: filters.collegeName || undefined,
        status: filters.status && filters.status !== 'all' ? filters.status : undefined,
        registrationCode: filters.registrationCode || undefined,
      }
      async function* rows() {
        yield UTF8_BOM + csvRow(HEADER)
        let after: { createdAt: Date; id: string } | undefined
        for (;;) {
          const batch = await repo.page(db, filter, after, PAGE_SIZE)
          if (batch.length === 0) return
          yield batch
            .map((a) =>
              csvRow([
                a.registrationId,
                a.name,
                a.email,
                a.mobile,
                a.studentId,
                a.collegeName,
                a.course,
                a.yearOfGraduation,
                a.linkedinProfile,
                a.status,
                a.currentStage,
                a.githubUrl,
                a.createdAt.toISOString(),
                a.reviewedAt?.toISOString() ?? null,
              ]),
            )
            .join('')
          const last = batch[batch.length - 1]!
          after = { createdAt: last.createdAt, id: last.id }
          if (batch.length < PAGE_SIZE) return
        }
      }
      return Readable.from(rows(), { objectMode: false })
    },
  }
}
