import { sql } from 'drizzle-orm'
import {
  ROUND_EXPORT_METRIC_LABELS,
  ROUND_EXPORT_METRICS,
  SELECTION_COLUMNS,
  STAGE_DETAILS_COLUMNS,
  PIPELINE_MESSAGES,
  STAGES,
  stageOfRoundName,
  UPLOAD_REPORT_LIST_MAX,
  type RoundExportMetric,
  type SelectionChange,
  type SelectionUploadReport,
  type StageDetailsChange,
  type StageDetailsUploadReport,
  type StageFigures,
  type UploadRowError,
} from '@hackathon/contract'
import { LONG_STATEMENT_TIMEOUT, type Db } from '../../db/client.js'
import { readSheet, SpreadsheetRefused } from '../../lib/spreadsheet.js'
import { AppError } from '../../plugins/app-error.js'
import * as pipelineRepo from '../pipeline/pipeline.repo.js'
import type { DecisionRequest, Planned, PipelineService } from '../pipeline/pipeline.service.js'
import * as repo from './uploads.repo.js'
import { selectionTemplate, stageDetailsTemplate } from './uploads.templates.js'

export type UploadedFile = { filename: string; data: Buffer }
export type UploadsService = ReturnType<typeof createUploadsService>

/** A real upload whose rows have errors: answered 422 with the whole report. */
export class RowErrors<R extends SelectionUploadReport | StageDetailsUploadReport> extends Error {
  constructor(readonly report: R) {
    super('Some rows have errors; nothing was changed.')
  }
}

/**
 * A cell quoted in a row error: at most QUOTE_MAX characters of it, so that a long cell repeated
 * in many rows cannot make the report long (docs/decisions/020-bounded-spreadsheets.md).
 */
const QUOTE_MAX = 60
function quote(text: string): string {
  if (text.length <= QUOTE_MAX) return `'${text}'`
  // never cut a surrogate pair in two
  const end = /[\uD800-\uDBFF]/.test(text[QUOTE_MAX - 1]!) ? QUOTE_MAX - 1 : QUOTE_MAX
  return `'${text.slice(0, end)}…' (${text.length.toLocaleString('en')} characters)`
}

/**
 * Row errors, counted in full but kept only for the first UPLOAD_REPORT_LIST_MAX rows: a sheet of
 * 200,000 wrong rows costs a count, not 200,000 messages. Errors of one row keep their order.
 */
class RowErrorList {
  private kept: UploadRowError[] = []
  private count = 0

  push(...errors: UploadRowError[]) {
    for (const error of errors) {
      this.count++
      this.kept.push(error)
      if (this.kept.length >= 2 * UPLOAD_REPORT_LIST_MAX) this.trim()
    }
  }

  private trim() {
    this.kept.sort((a, b) => a.row - b.row) // stable: a row's errors stay in the order found
    if (this.kept.length > UPLOAD_REPORT_LIST_MAX) this.kept.length = UPLOAD_REPORT_LIST_MAX
  }

  get length() {
    return this.count
  }

  /** The errors of the first rows, in row order. */
  first(): UploadRowError[] {
    this.trim()
    return [...this.kept]
  }
}

const normalize = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()
/** Header cells are matched loosely: 'Applicant ID' and 'Status (Selected or Not Selected)' count. */
const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '')

/** Column index of each template column found in the header row (first match wins). */
function mapHeader<C extends string>(header: string[], columns: readonly C[]): Map<C, number> {
  const found = new Map<C, number>()
  header.forEach((cell, index) => {
    const key = headerKey(cell)
    if (!key) return
    const column = columns.find((c) => !found.has(c) && key.startsWith(headerKey(c)))
    if (column) found.set(column, index)
  })
  return found
}

/**
 * Rows are checked in runs of YIELD_EVERY, letting other requests in between: a sheet of 200,000
 * rows is seconds of work, which must not hold the server's event loop in one piece.
 */
const YIELD_EVERY = 2000
const otherRequests = () => new Promise((resolve) => setImmediate(resolve))

/** The data rows with their sheet row numbers; blank rows are skipped. */
async function dataRows(rows: string[][]): Promise<{ row: number; cells: string[] }[]> {
  const data: { row: number; cells: string[] }[] = []
  for (let index = 1; index < rows.length; index++) {
    if (index % YIELD_EVERY === 0) await otherRequests()
    const cells = rows[index]!.map((c) => c.trim())
    if (cells.some((c) => c !== '')) data.push({ row: index + 1, cells })
  }
  return data
}

async function readUpload(file: UploadedFile): Promise<string[][]> {
  try {
    const rows = await readSheet(file.filename, file.data)
    if (rows.length === 0 || rows[0]!.every((c) => c.trim() === ''))
      throw new AppError(
        400,
        'The sheet is empty: its first row must be the header row of the template.',
      )
    return rows
  } catch (error) {
    if (error instanceof SpreadsheetRefused) throw new AppError(error.statusCode, error.message)
    throw error
  }
}

/**
 * Resolves the text of a stage cell to a round: a round's own name, or one of the four stages
 * (stage1..stage4 or its stage name) when exactly one round is that stage by the name rule
 * (docs/product/exports-and-uploads.md#stage-names).
 */
function stageResolver(rounds: { id: string; name: string }[]) {
  const byName = new Map(rounds.map((r) => [normalize(r.name), r]))
  return (text: string): { round: { id: string; name: string } } | { error: string } => {
    const key = normalize(text)
    const exact = byName.get(key)
    if (exact) return { round: exact }
    const stage = STAGES.find((s) => s.id === key.replace(/ /g, '') || normalize(s.name) === key)
    if (stage) {
      const matching = rounds.filter((r) => stageOfRoundName(r.name) === stage.id)
      if (matching.length === 1) return { round: matching[0]! }
      if (matching.length > 1)
        return {
          error: `Stage ${quote(text)} matches several rounds (${matching.map((r) => r.name).join(', ')}); write the round's name instead`,
        }
      return { error: `Unknown stage ${quote(text)}: no round is ${stage.id} (${stage.name})` }
    }
    return { error: `Unknown stage ${quote(text)}` }
  }
}

function report<C>(
  dryRun: boolean,
  rows: number,
  changes: C[],
  unchanged: number,
  errors: RowErrorList,
  noun: 'applicant' | 'round',
) {
  const updated = changes.length
  const count = (n: number) => `${n} ${noun}${n === 1 ? '' : 's'}`
  const message =
    errors.length > 0
      ? `${errors.length} ${errors.length === 1 ? 'row has an error' : 'rows have errors'}; nothing was changed.`
      : dryRun
        ? `${count(updated)} would be updated; ${unchanged} already ${unchanged === 1 ? 'matches' : 'match'}.`
        : `${count(updated)} updated.`
  return {
    dryRun,
    rows,
    updated,
    unchanged,
    errors: errors.first(),
    errorCount: errors.length,
    changes: changes.slice(0, UPLOAD_REPORT_LIST_MAX),
    message,
  }
}

/** Whole, non-negative numbers up to the database's integer range. */
function parseCount(text: string): number | undefined {
  const cleaned = text.replace(/[,\s]/g, '')
  if (!/^\d+(\.0+)?$/.test(cleaned)) return undefined
  const value = Number(cleaned)
  return value <= 2_147_483_647 ? value : undefined
}

/**
 * Bulk uploads hold this lock so two organizers' uploads apply one after the other. Waiting for
 * another upload and applying thousands of rows may take longer than a request's statement timeout:
 * the upload's transaction gets a longer one (docs/decisions/021-database-faults.md).
 */
const lockUploads = async (tx: Db) => {
  await tx.execute(sql.raw(`set local statement_timeout = '${LONG_STATEMENT_TIMEOUT}'`))
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bulk-upload'))`)
}

/** Ends a dry run's transaction: everything it did is rolled back, its report kept. */
class DryRun extends Error {
  constructor(readonly report: SelectionUploadReport) {
    super('dry run')
  }
}

/** Decisions from a sheet are recorded as the bulk upload's. */
const actor = { kind: 'system' as const, name: 'Bulk selection upload' }

export function createUploadsService({ db, pipeline }: { db: Db; pipeline: PipelineService }) {
  type Row = {
    row: number
    applicantId?: string
    registrationId?: string
    status: 'selected' | 'not_selected'
    currentStage?: { id: string; name: string }
    nextStage?: { id: string; name: string }
  }

  /**
   * Reads a selection sheet and checks every row against the pipeline as it is in `tx` (the
   * applicants' rows are locked): each row is a decision about one applicant in one round, the
   * Current Stage column's or else the round of their latest record (the first round for someone
   * with none). Selected advances them, Not Selected stops them; Selected leaves someone already
   * advanced or a winner as they are. A Next Stage must be the round after it.
   */
  async function planSelection(tx: Db, rows: string[][]) {
    const columns = mapHeader(rows[0]!, SELECTION_COLUMNS)
    const missing = [
      ...(columns.has('ApplicantID') || columns.has('RegistrationID')
        ? []
        : ['ApplicantID or RegistrationID']),
      ...(columns.has('Status') ? [] : ['Status']),
    ]
    if (missing.length)
      throw new AppError(
        400,
        `The sheet's first row must be the template's header row; missing column: ${missing.join(', ')}. Expected: ${SELECTION_COLUMNS.join(', ')}.`,
      )
    const cell = (cells: string[], column: (typeof SELECTION_COLUMNS)[number]) => {
      const index = columns.get(column)
      return index === undefined ? '' : (cells[index] ?? '')
    }
    const ordered = await pipelineRepo.orderedRounds(tx)
    const resolveStage = stageResolver(ordered)
    const errors = new RowErrorList()
    const parsed: Row[] = []
    const data = await dataRows(rows)
    for (const [index, { row, cells }] of data.entries()) {
      if (index % YIELD_EVERY === YIELD_EVERY - 1) await otherRequests()
      const problems: string[] = []
      const applicantId = cell(cells, 'ApplicantID')
      const registrationId = cell(cells, 'RegistrationID').toUpperCase()
      if (!applicantId && !registrationId)
        problems.push('ApplicantID or RegistrationID is required')
      if (
        applicantId &&
        !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(applicantId)
      )
        problems.push(
          `Unknown applicant: ApplicantID ${quote(applicantId)} is not an applicant's id`,
        )
      const statusText = normalize(cell(cells, 'Status'))
      const status =
        statusText === 'selected'
          ? 'selected'
          : statusText === 'not selected'
            ? 'not_selected'
            : undefined
      if (!status)
        problems.push(
          `Status must be 'Selected' or 'Not Selected' (found ${quote(cell(cells, 'Status'))})`,
        )
      const stages: Partial<Record<'Current Stage' | 'Next Stage', { id: string; name: string }>> =
        {}
      for (const column of ['Current Stage', 'Next Stage'] as const) {
        const text = cell(cells, column)
        if (!text) continue
        const resolved = resolveStage(text)
        if ('error' in resolved) problems.push(`${column}: ${resolved.error}`)
        else stages[column] = resolved.round
      }
      if (problems.length) errors.push(...problems.map((message) => ({ row, message })))
      else
        parsed.push({
          row,
          applicantId: applicantId ? applicantId.toLowerCase() : undefined,
          registrationId: registrationId || undefined,
          status: status!,
          currentStage: stages['Current Stage'],
          nextStage: stages['Next Stage'],
        })
    }

    const found = await repo.findApplicants(tx, {
      ids: [...new Set(parsed.flatMap((d) => (d.applicantId ? [d.applicantId] : [])))],
      registrationIds: [
        ...new Set(parsed.flatMap((d) => (d.registrationId ? [d.registrationId] : []))),
      ],
    })
    const byId = new Map(found.map((a) => [a.id, a]))
    const byRegistration = new Map(found.map((a) => [a.registrationId.toUpperCase(), a]))
    const firstRow = new Map<string, number>()
    const resolved: { row: Row; applicant: repo.ApplicantState }[] = []
    for (const [index, d] of parsed.entries()) {
      if (index % YIELD_EVERY === YIELD_EVERY - 1) await otherRequests()
      const viaId = d.applicantId ? byId.get(d.applicantId) : undefined
      const viaRegistration = d.registrationId ? byRegistration.get(d.registrationId) : undefined
      if ((d.applicantId && !viaId) || (d.registrationId && !viaRegistration)) {
        const what =
          d.applicantId && !viaId
            ? `ApplicantID ${quote(d.applicantId)}`
            : `RegistrationID ${quote(d.registrationId!)}`
        errors.push({ row: d.row, message: `Unknown applicant: no applicant has ${what}` })
        continue
      }
      const applicant = (viaId ?? viaRegistration)!
      if (viaId && viaRegistration && viaId.id !== viaRegistration.id) {
        errors.push({
          row: d.row,
          message: 'ApplicantID and RegistrationID name different applicants',
        })
        continue
      }
      const earlier = firstRow.get(applicant.id)
      if (earlier !== undefined) {
        errors.push({
          row: d.row,
          message: `Applicant ${applicant.registrationId} is already in row ${earlier}`,
        })
        continue
      }
      firstRow.set(applicant.id, d.row)
      resolved.push({ row: d, applicant })
    }

    if (ordered.length === 0 && resolved.length > 0)
      throw new AppError(400, PIPELINE_MESSAGES.noRounds)
    const latest = await pipeline.decisionRounds(
      tx,
      resolved.filter((r) => !r.row.currentStage).map((r) => r.applicant.id),
    )
    const requests: (DecisionRequest & { row: Row })[] = []
    for (const { row, applicant } of resolved) {
      const roundId = row.currentStage?.id ?? latest.get(applicant.id) ?? ordered[0]!.id
      const index = ordered.findIndex((r) => r.id === roundId)
      const next = ordered[index + 1]
      if (row.nextStage && row.status === 'selected' && row.nextStage.id !== next?.id) {
        errors.push({
          row: row.row,
          message: next
            ? `Next Stage: the round after ${ordered[index]!.name} is ${next.name}, not ${row.nextStage.name}`
            : `Next Stage: ${ordered[index]!.name} is the last round; leave Next Stage empty`,
        })
        continue
      }
      requests.push({
        row,
        applicantId: applicant.id,
        roundId,
        decision: row.status === 'selected' ? 'advanced' : 'not_advanced',
      })
    }
    const planned = await pipeline.plan(tx, requests)
    const accepted: Planned[] = []
    let unchanged = 0
    planned.forEach((p, i) => {
      const { row } = requests[i]!
      if (!p.ok) {
        errors.push({ row: row.row, message: p.error.message })
        return
      }
      // Selecting someone already advanced (perhaps confirmed) or a winner must not undo that.
      const keep = p.to === 'advanced' && (p.from === 'advanced' || p.from === 'won')
      if (!p.changed || keep) unchanged++
      else accepted.push(p)
    })
    return {
      rows: data.length,
      accepted,
      unchanged,
      errors,
      rowOf: new Map(requests.map((r) => [r.applicantId, r.row.row])),
      before: byId,
    }
  }

  /** Reads and checks every row of a stage-details sheet. Blank figure cells keep the figure. */
  async function planStageDetails(tx: Db, rows: string[][], lock: boolean) {
    const columns = mapHeader(rows[0]!, STAGE_DETAILS_COLUMNS)
    const figureColumns = ROUND_EXPORT_METRICS.filter((m) =>
      columns.has(ROUND_EXPORT_METRIC_LABELS[m] as never),
    )
    if (!columns.has('Stage Name') || figureColumns.length === 0)
      throw new AppError(
        400,
        `The sheet's first row must be the template's header row, with Stage Name and at least one figure. Expected: ${STAGE_DETAILS_COLUMNS.join(', ')}.`,
      )
    const rounds = await repo.roundFigures(tx, lock)
    const resolveStage = stageResolver(rounds)
    const byId = new Map(rounds.map((r) => [r.id, r]))
    const errors = new RowErrorList()
    const firstRow = new Map<string, number>()
    const changes: StageDetailsChange[] = []
    let unchanged = 0
    const data = await dataRows(rows)
    for (const [index, { row, cells }] of data.entries()) {
      if (index % YIELD_EVERY === YIELD_EVERY - 1) await otherRequests()
      const problems: string[] = []
      const stageText = cells[columns.get('Stage Name')!] ?? ''
      let round: repo.RoundFigures | undefined
      if (!stageText) problems.push('Stage Name is required')
      else {
        const resolved = resolveStage(stageText)
        if ('error' in resolved) problems.push(resolved.error)
        else round = byId.get(resolved.round.id)
      }
      const after: Partial<Record<RoundExportMetric, number>> = {}
      for (const metric of figureColumns) {
        const label = ROUND_EXPORT_METRIC_LABELS[metric]
        const text = cells[columns.get(label as never)!] ?? ''
        if (!text) continue
        const value = parseCount(text)
        if (value === undefined)
          problems.push(`${label} must be a whole number of 0 or more (found ${quote(text)})`)
        else after[metric] = value
      }
      if (round) {
        const earlier = firstRow.get(round.id)
        if (earlier !== undefined)
          problems.push(`Round '${round.name}' is already in row ${earlier}`)
        else firstRow.set(round.id, row)
      }
      if (problems.length || !round) {
        errors.push(...problems.map((message) => ({ row, message })))
        continue
      }
      const before = Object.fromEntries(
        ROUND_EXPORT_METRICS.map((m) => [m, round[m]]),
      ) as StageFigures
      const next = { ...before, ...after }
      if (ROUND_EXPORT_METRICS.every((m) => next[m] === before[m])) unchanged++
      else changes.push({ row, roundId: round.id, roundName: round.name, before, after: next })
    }
    return { rows: data.length, changes, unchanged, errors }
  }

  const roundNames = async () => (await repo.roundFigures(db, false)).map((r) => r.name)

  return {
    /** The xlsx template of the selection upload, naming the rounds there are now. */
    async selectionTemplate(): Promise<Buffer> {
      return selectionTemplate(await roundNames())
    },

    async stageDetailsTemplate(): Promise<Buffer> {
      return stageDetailsTemplate(await roundNames())
    },

    /**
     * Checks a selection sheet and applies it whole in one transaction. A dry run does the same and
     * rolls it back, so its report shows exactly what the real upload would do (the statuses and
     * stages as the pipeline projects them), and nothing is kept or sent.
     */
    async uploadSelection(file: UploadedFile, dryRun: boolean): Promise<SelectionUploadReport> {
      const rows = await readUpload(file)
      try {
        return await db.transaction(async (tx) => {
          await lockUploads(tx)
          const plan = await planSelection(tx, rows)
          const changes: SelectionChange[] = []
          if (plan.errors.length === 0) {
            await pipeline.apply(tx, plan.accepted, actor)
            const ids = plan.accepted.map((p) => p.request.applicantId)
            const after = new Map(
              (await repo.findApplicants(tx, { ids, registrationIds: [] })).map((a) => [a.id, a]),
            )
            for (const id of ids) {
              const before = plan.before.get(id)!
              const now = after.get(id)!
              changes.push({
                row: plan.rowOf.get(id)!,
                applicantId: before.id,
                registrationId: before.registrationId,
                name: before.name,
                fromStatus: before.status,
                toStatus: now.status,
                fromStage: before.currentStage,
                toStage: now.currentStage,
              })
            }
            changes.sort((a, b) => a.row - b.row)
          }
          const result = report(
            dryRun,
            plan.rows,
            changes,
            plan.unchanged,
            plan.errors,
            'applicant',
          )
          if (plan.errors.length && !dryRun) throw new RowErrors(result)
          if (dryRun) throw new DryRun(result)
          return result
        })
      } catch (error) {
        if (error instanceof DryRun) return error.report
        throw error
      }
    },

    /** Checks a stage-details sheet and, unless it is a dry run, applies it whole. */
    async uploadStageDetails(
      file: UploadedFile,
      dryRun: boolean,
    ): Promise<StageDetailsUploadReport> {
      const rows = await readUpload(file)
      const toReport = (plan: Awaited<ReturnType<typeof planStageDetails>>) =>
        report(dryRun, plan.rows, plan.changes, plan.unchanged, plan.errors, 'round')
      if (dryRun) return toReport(await planStageDetails(db, rows, false))
      return db.transaction(async (tx) => {
        await lockUploads(tx)
        const plan = await planStageDetails(tx, rows, true)
        if (plan.errors.length) throw new RowErrors(toReport(plan))
        await repo.updateRoundFigures(
          tx,
          plan.changes.map((c) => ({ id: c.roundId, ...c.after })),
        )
        return toReport(plan)
      })
    },
  }
}
