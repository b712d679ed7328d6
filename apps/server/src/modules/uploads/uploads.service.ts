import { sql } from 'drizzle-orm'
import {
  ROUND_EXPORT_METRIC_LABELS,
  ROUND_EXPORT_METRICS,
  SELECTION_COLUMNS,
  STAGE_DETAILS_COLUMNS,
  STAGES,
  stageOfRoundName,
  UPLOAD_REPORT_LIST_MAX,
  type ApplicantStatus,
  type RoundExportMetric,
  type SelectionChange,
  type SelectionUploadReport,
  type StageDetailsChange,
  type StageDetailsUploadReport,
  type StageFigures,
  type UploadRowError,
} from '@hackathon/contract'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { hashToken, newToken } from '../../lib/secrets.js'
import { readSheet, SpreadsheetRefused } from '../../lib/spreadsheet.js'
import { AppError } from '../../plugins/app-error.js'
import { CONFIRMATION_VALID_DAYS } from '../applicants/applicants.service.js'
import type { EmailServiceApi } from '../email/email.service.js'
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

/** The data rows with their sheet row numbers; blank rows are skipped. */
function dataRows(rows: string[][]): { row: number; cells: string[] }[] {
  return rows
    .map((cells, index) => ({ row: index + 1, cells: cells.map((c) => c.trim()) }))
    .slice(1)
    .filter(({ cells }) => cells.some((c) => c !== ''))
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
 * (stage1..stage4 or its SPEC name) when exactly one round is that stage by the name rule.
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
          error: `Stage '${text}' matches several rounds (${matching.map((r) => r.name).join(', ')}); write the round's name instead`,
        }
      return { error: `Unknown stage '${text}': no round is ${stage.id} (${stage.name})` }
    }
    return { error: `Unknown stage '${text}'` }
  }
}

function report<C>(
  dryRun: boolean,
  rows: number,
  changes: C[],
  unchanged: number,
  errors: UploadRowError[],
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
    errors: errors.slice(0, UPLOAD_REPORT_LIST_MAX),
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

/** Bulk uploads hold this lock so two organizers' uploads apply one after the other. */
const lockUploads = (tx: Db) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('bulk-upload'))`)

export function createUploadsService({
  db,
  email,
  config,
}: {
  db: Db
  email: EmailServiceApi
  config: Config
}) {
  type Decision = {
    row: number
    applicantId?: string
    registrationId?: string
    status: 'selected' | 'not_selected'
    nextStage?: string
  }

  /** Reads and checks every row of a selection sheet against the database as it is in `tx`. */
  async function planSelection(tx: Db, rows: string[][], lock: boolean) {
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
    const resolveStage = stageResolver(await repo.roundFigures(tx, false))
    const errors: UploadRowError[] = []
    const decisions: Decision[] = []
    const data = dataRows(rows)
    for (const { row, cells } of data) {
      const problems: string[] = []
      const applicantId = cell(cells, 'ApplicantID')
      const registrationId = cell(cells, 'RegistrationID').toUpperCase()
      if (!applicantId && !registrationId)
        problems.push('ApplicantID or RegistrationID is required')
      if (
        applicantId &&
        !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(applicantId)
      )
        problems.push(`Unknown applicant: ApplicantID '${applicantId}' is not an applicant's id`)
      const statusText = normalize(cell(cells, 'Status'))
      const status =
        statusText === 'selected'
          ? 'selected'
          : statusText === 'not selected'
            ? 'not_selected'
            : undefined
      if (!status)
        problems.push(
          `Status must be 'Selected' or 'Not Selected' (found '${cell(cells, 'Status')}')`,
        )
      let nextStage: string | undefined
      for (const column of ['Current Stage', 'Next Stage'] as const) {
        const text = cell(cells, column)
        if (!text) continue
        const resolved = resolveStage(text)
        if ('error' in resolved) problems.push(`${column}: ${resolved.error}`)
        else if (column === 'Next Stage') nextStage = resolved.round.name
      }
      if (problems.length) errors.push(...problems.map((message) => ({ row, message })))
      else
        decisions.push({
          row,
          applicantId: applicantId ? applicantId.toLowerCase() : undefined,
          registrationId: registrationId || undefined,
          status: status!,
          nextStage,
        })
    }

    const found = await repo.findApplicants(
      tx,
      {
        ids: [...new Set(decisions.flatMap((d) => (d.applicantId ? [d.applicantId] : [])))],
        registrationIds: [
          ...new Set(decisions.flatMap((d) => (d.registrationId ? [d.registrationId] : []))),
        ],
      },
      lock,
    )
    const byId = new Map(found.map((a) => [a.id, a]))
    const byRegistration = new Map(found.map((a) => [a.registrationId.toUpperCase(), a]))
    const firstRow = new Map<string, number>()
    const changes: (SelectionChange & { email: string })[] = []
    let unchanged = 0
    for (const d of decisions) {
      const viaId = d.applicantId ? byId.get(d.applicantId) : undefined
      const viaRegistration = d.registrationId ? byRegistration.get(d.registrationId) : undefined
      if ((d.applicantId && !viaId) || (d.registrationId && !viaRegistration)) {
        const what =
          d.applicantId && !viaId
            ? `ApplicantID '${d.applicantId}'`
            : `RegistrationID '${d.registrationId}'`
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
      // Selecting someone who already confirmed or won must not undo that.
      const alreadyIn = ['selected', 'confirmed', 'won'].includes(applicant.status)
      const toStatus: ApplicantStatus =
        d.status === 'selected' && alreadyIn ? applicant.status : d.status
      const toStage = d.status === 'selected' && d.nextStage ? d.nextStage : applicant.currentStage
      if (toStatus === applicant.status && toStage === applicant.currentStage) {
        unchanged++
        continue
      }
      changes.push({
        row: d.row,
        applicantId: applicant.id,
        registrationId: applicant.registrationId,
        name: applicant.name,
        email: applicant.email,
        fromStatus: applicant.status,
        toStatus,
        fromStage: applicant.currentStage,
        toStage,
      })
    }
    errors.sort((a, b) => a.row - b.row)
    return { rows: data.length, changes, unchanged, errors }
  }

  /** Applies planned decisions: the same activity, confirmation link and email as a jury selection. */
  async function applySelection(tx: Db, changes: (SelectionChange & { email: string })[]) {
    await repo.applyDecisions(
      tx,
      changes.map((c) => ({ id: c.applicantId, status: c.toStatus, stage: c.toStage })),
    )
    const selected = changes.filter((c) => c.toStatus === 'selected' && c.fromStatus !== 'selected')
    const codes = selected.map(() => newToken())
    const expiresAt = new Date(Date.now() + CONFIRMATION_VALID_DAYS * 86_400_000)
    await repo.insertConfirmationCodes(
      tx,
      selected.map((c, i) => ({
        applicantId: c.applicantId,
        codeHash: hashToken(codes[i]!),
        expiresAt,
      })),
    )
    await repo.recordActivities(
      tx,
      selected.map((c) => ({
        type: 'selection' as const,
        name: c.name,
        action: 'was selected',
        applicantId: c.applicantId,
      })),
    )
    await email.queueMany(
      tx,
      'selection-notice',
      selected.map((c, i) => ({
        to: c.email,
        data: {
          name: c.name,
          confirmUrl: `${config.publicUrl}/confirm-participation?code=${encodeURIComponent(codes[i]!)}`,
          validDays: CONFIRMATION_VALID_DAYS,
        },
      })),
    )
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
    const errors: UploadRowError[] = []
    const firstRow = new Map<string, number>()
    const changes: StageDetailsChange[] = []
    let unchanged = 0
    const data = dataRows(rows)
    for (const { row, cells } of data) {
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
          problems.push(`${label} must be a whole number of 0 or more (found '${text}')`)
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

    /** Checks a selection sheet and, unless it is a dry run, applies it whole in one transaction. */
    async uploadSelection(file: UploadedFile, dryRun: boolean): Promise<SelectionUploadReport> {
      const rows = await readUpload(file)
      const strip = (plan: Awaited<ReturnType<typeof planSelection>>) =>
        report(
          dryRun,
          plan.rows,
          plan.changes.map(({ email: _email, ...change }) => change),
          plan.unchanged,
          plan.errors,
          'applicant',
        )
      if (dryRun) return strip(await planSelection(db, rows, false))
      return db.transaction(async (tx) => {
        await lockUploads(tx)
        const plan = await planSelection(tx, rows, true)
        if (plan.errors.length) throw new RowErrors(strip(plan))
        await applySelection(tx, plan.changes)
        return strip(plan)
      })
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
