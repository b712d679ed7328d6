import { Readable } from 'node:stream'
import type { applicantExportFilters } from '@hackathon/contract'
import type { z } from 'zod'
import type { Db } from '../../db/client.js'
import { csvRow, UTF8_BOM } from '../../lib/csv.js'
import ExcelJS from 'exceljs'
import {
  ROUND_EXPORT_METRIC_LABELS,
  ROUND_EXPORT_METRICS,
  STAGES,
  stageOfRoundName,
  type RoundExportMetric,
  type roundExportRequest,
} from '@hackathon/contract'
import type { RoundsService } from '../rounds/rounds.service.js'
import * as repo from './exports.repo.js'

const HEADER = repo.APPLICANT_EXPORT_COLUMNS.map(([title]) => title)

/**
 * Applicants read per query: large pages cost PGlite fewer round trips, and a filter no index
 * answers fewer scans of the table; small enough that PostgreSQL's estimate of a page stays well
 * under jit_above_cost (compiling the plan costs more than it saves).
 */
const PAGE_SIZE = 4000

export type ExportsService = ReturnType<typeof createExportsService>

export function createExportsService({ db, rounds }: { db: Db; rounds: RoundsService }) {
  return {
    /**
     * The rounds export: one row per stage (the SPEC's four stage names), the chosen metrics as
     * columns. A stage's figures are the organizer's reported ones where set, else counted.
     */
    async roundsXlsx(request: z.output<typeof roundExportRequest>): Promise<Buffer> {
      const { filters, metrics } = request
      const chosen = ROUND_EXPORT_METRICS.filter((m) => metrics[m])
      const from = filters.fromDate ? new Date(`${filters.fromDate}T00:00:00Z`) : undefined
      const to = filters.toDate ? new Date(`${filters.toDate}T23:59:59.999Z`) : undefined
      const all = (await rounds.list()).filter((r) => {
        const start = r.startTime ? new Date(r.startTime) : undefined
        return (!from || (start && start >= from)) && (!to || (start && start <= to))
      })
      const workbook = new ExcelJS.Workbook()
      workbook.creator = 'HackStage'
      const sheet = workbook.addWorksheet('Competition Rounds')
      sheet.columns = [
        { header: 'Stage Name', key: 'stage', width: 44 },
        { header: 'Rounds', key: 'rounds', width: 40 },
        ...chosen.map((m) => ({ header: ROUND_EXPORT_METRIC_LABELS[m], key: m, width: 20 })),
      ]
      sheet.getRow(1).font = { bold: true }
      for (const stage of STAGES) {
        if (filters.stageName && filters.stageName !== 'all' && filters.stageName !== stage.id)
          continue
        const matching = all.filter((r) => stageOfRoundName(r.name) === stage.id)
        const sum = (pick: (r: (typeof matching)[number]) => number | null) => {
          const values = matching.map(pick).filter((v): v is number => v !== null)
          return values.length ? values.reduce((a, b) => a + b, 0) : null
        }
        const values: Record<RoundExportMetric, number | null> = {
          totalParticipants: sum((r) => r.currentParticipants),
          totalColleges: sum((r) => r.totalColleges),
          ideasSubmitted: sum(
            (r) => r.ideasSubmitted ?? (stage.id === 'stage1' ? r.submissionCount : null),
          ),
          prototypesApproved: sum((r) => r.prototypesApproved),
          projectsApproved: sum((r) => r.projectsApproved),
          totalInvitees: sum((r) => r.totalInvitees),
          solutionsToBeBuilt: sum((r) => r.solutionsToBeBuilt),
        }
        sheet.addRow({
          stage: stage.name,
          // Round names are organizer text: a leading = must not become a formula.
          rounds: matching.map((r) => r.name.replace(/^([=+\-@\t\r])/, "'$1")).join(', '),
          ...Object.fromEntries(chosen.map((m) => [m, values[m]])),
        })
      }
      return Buffer.from(await workbook.xlsx.writeBuffer())
    },

    /** The applicants matching the filters as a CSV stream: rows are read and sent a page at a time. */
    applicantsCsv(filters: z.output<typeof applicantExportFilters>): Readable {
      const filter: repo.ApplicantExportFilter = {
        from: filters.fromDateTime ? new Date(filters.fromDateTime) : undefined,
        to: filters.toDateTime ? new Date(filters.toDateTime) : undefined,
        college: filters.collegeName || undefined,
        status: filters.status && filters.status !== 'all' ? filters.status : undefined,
        registrationCode: filters.registrationCode || undefined,
      }
      async function* csv() {
        yield UTF8_BOM + csvRow(HEADER)
        const read = (after?: repo.ExportKeyset) => repo.page(db, filter, after, PAGE_SIZE)
        let next: Promise<repo.ApplicantExportPage> | undefined = read()
        try {
          while (next) {
            const page: repo.ApplicantExportPage = await next
            // The next page is read while this one is written: on PostgreSQL the database works
            // meanwhile instead of waiting for this process.
            next = page.count === PAGE_SIZE ? read(page.last) : undefined
            yield* page.parts
          }
        } finally {
          // When the client goes away mid-export the page being read is dropped, and its failure
          // (the database closing, say) must not become an unhandled rejection.
          next?.catch(() => {})
        }
      }
      return Readable.from(csv(), { objectMode: false })
    },
  }
}
