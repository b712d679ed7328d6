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
  roundStatCards,
  stageOfRoundName,
  type Round,
  type RoundExportMetric,
  type roundExportRequest,
} from '@hackathon/contract'
import * as dashboardRepo from '../dashboard/dashboard.repo.js'
import type { RoundsService } from '../rounds/rounds.service.js'
import * as repo from './exports.repo.js'

/** Organizer text in a cell: a leading = (or +, -, @) must not become a formula. */
const asText = (text: string) => text.replace(/^([=+\-@\t\r])/, "'$1")

/** The Rounds sheet: one row per round, everything about it (issue 22). */
const ROUND_COLUMNS = [
  { header: 'Order', key: 'order', width: 8 },
  { header: 'Round', key: 'round', width: 36 },
  { header: 'Stage', key: 'stage', width: 40 },
  { header: 'Status', key: 'status', width: 12 },
  { header: 'Start (UTC)', key: 'start', width: 26 },
  { header: 'End (UTC)', key: 'end', width: 26 },
  { header: 'Max Participants', key: 'max', width: 18 },
  { header: 'Participants', key: 'participants', width: 14 },
  { header: 'Colleges', key: 'colleges', width: 12 },
  { header: 'Stage Figure', key: 'figure', width: 24 },
  { header: 'Stage Figure Value', key: 'figureValue', width: 20 },
  { header: 'Estimated', key: 'estimated', width: 30 },
  { header: 'Requirements', key: 'requirements', width: 50 },
  { header: 'Prizes', key: 'prizes', width: 40 },
]

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
     * The rounds export: one row per stage (the four stage names,
     * docs/product/exports-and-uploads.md#stage-names), the chosen metrics as columns. A stage's
     * figures are the organizer's reported ones where set, else counted.
     */
    async roundsXlsx(
      request: z.output<typeof roundExportRequest>,
    ): Promise<{ rows: number; file: Buffer }> {
      const { filters, metrics } = request
      const chosen = ROUND_EXPORT_METRICS.filter((m) => metrics[m])
      const from = filters.fromDate ? new Date(`${filters.fromDate}T00:00:00Z`) : undefined
      const to = filters.toDate ? new Date(`${filters.toDate}T23:59:59.999Z`) : undefined
      const [listed, recorded] = await Promise.all([rounds.list(), dashboardRepo.stageStats(db)])
      const all = listed.filter((r) => {
        const start = r.startTime ? new Date(r.startTime) : undefined
        return (!from || (start && start >= from)) && (!to || (start && start <= to))
      })
      // The figures the dashboard shows, from the one function both use (issue 22).
      const figuresOf = (r: Round) =>
        roundStatCards(r, recorded.find((stat) => stat.stageId === r.id) ?? null)
      const stageWanted = (id: string | undefined) =>
        !filters.stageName || filters.stageName === 'all' || filters.stageName === id
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
        if (!stageWanted(stage.id)) continue
        const matching = all.filter((r) => stageOfRoundName(r.name) === stage.id)
        const sum = (pick: (r: (typeof matching)[number]) => number | null) => {
          const values = matching.map(pick).filter((v): v is number => v !== null)
          return values.length ? values.reduce((a, b) => a + b, 0) : null
        }
        // The stage's own figure (ideas, prototypes, projects, solutions) as its cards show it.
        const own = (id: typeof stage.id, reported: (r: Round) => number | null) =>
          sum((r) => (stage.id === id ? figuresOf(r)[2].value : reported(r)))
        const values: Record<RoundExportMetric, number | null> = {
          totalParticipants: sum((r) => r.currentParticipants),
          totalColleges: sum((r) => figuresOf(r)[1].value),
          ideasSubmitted: own('stage1', (r) => r.ideasSubmitted),
          prototypesApproved: own('stage2', (r) => r.prototypesApproved),
          projectsApproved: own('stage3', (r) => r.projectsApproved),
          totalInvitees: sum((r) =>
            stage.id === 'stage4' ? figuresOf(r)[0].value : r.totalInvitees,
          ),
          solutionsToBeBuilt: own('stage4', (r) => r.solutionsToBeBuilt),
        }
        sheet.addRow({
          stage: stage.name,
          rounds: matching.map((r) => asText(r.name)).join(', '),
          ...Object.fromEntries(chosen.map((m) => [m, values[m]])),
        })
      }

      const detail = workbook.addWorksheet('Rounds')
      detail.columns = ROUND_COLUMNS
      detail.getRow(1).font = { bold: true }
      const listedRounds = all
        .filter((r) => stageWanted(stageOfRoundName(r.name)))
        .sort((a, b) => a.position - b.position)
      for (const r of listedRounds) {
        const [, colleges, figure] = figuresOf(r)
        const row = detail.addRow({
          order: r.position,
          round: asText(r.name),
          stage: STAGES.find((stage) => stage.id === stageOfRoundName(r.name))?.name ?? '',
          status: r.status,
          start: r.startTime ?? '',
          end: r.endTime ?? '',
          max: r.maxParticipants ?? '',
          participants: r.currentParticipants,
          colleges: colleges.value,
          figure: figure.label,
          figureValue: figure.value,
          estimated: figuresOf(r)
            .filter((card) => card.estimated)
            .map((card) => card.label)
            .join(', '),
          requirements: r.requirements.map((q) => asText(q.description)).join('\n'),
          prizes: r.prizes.map(asText).join('\n'),
        })
        row.alignment = { wrapText: true, vertical: 'top' }
      }
      return { rows: listedRounds.length, file: Buffer.from(await workbook.xlsx.writeBuffer()) }
    },

    /** The applicants matching the filters as a CSV stream: rows are read and sent a page at a time. */
    async applicantsCsv(
      filters: z.output<typeof applicantExportFilters>,
    ): Promise<{ rows: number; stream: Readable }> {
      const filter: repo.ApplicantExportFilter = {
        from: filters.fromDateTime ? new Date(filters.fromDateTime) : undefined,
        to: filters.toDateTime ? new Date(filters.toDateTime) : undefined,
        college: filters.collegeName || undefined,
        status: filters.status && filters.status !== 'all' ? filters.status : undefined,
        registrationCode: filters.registrationCode || undefined,
      }
      const read = (after?: repo.ExportKeyset) => repo.page(db, filter, after, PAGE_SIZE)
      // The first page is read before the answer starts, so its header can say how many rows
      // follow: exact when they fit one page, else counted (issue 22: "nothing matched" is told).
      const first = await read()
      const rows = first.count < PAGE_SIZE ? first.count : await repo.count(db, filter)
      async function* csv() {
        yield UTF8_BOM + csvRow(HEADER)
        let next: Promise<repo.ApplicantExportPage> | undefined = Promise.resolve(first)
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
      return { rows, stream: Readable.from(csv(), { objectMode: false }) }
    },
  }
}
