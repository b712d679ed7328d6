import {
  PIPELINE_MESSAGES,
  isRoundTheirs,
  type ApplicantPipeline,
  type PipelineDecision,
  type PipelineState,
} from '@hackathon/contract'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { hashToken, newToken } from '../../lib/secrets.js'
import { AppError } from '../../plugins/app-error.js'
import type { EmailServiceApi } from '../email/email.service.js'
import * as repo from './pipeline.repo.js'

export type { Actor } from './pipeline.repo.js'

/** How long an emailed confirmation link works. */
export const CONFIRMATION_VALID_DAYS = 14

export interface DecisionRequest {
  applicantId: string
  roundId: string
  decision: PipelineDecision
  note?: string | null
  prize?: string | null
}

export type Planned =
  | {
      ok: true
      request: DecisionRequest
      applicant: { id: string; name: string; email: string }
      roundName: string
      from: PipelineState
      to: PipelineState
      changed: boolean
    }
  | { ok: false; request: DecisionRequest; error: AppError }

export type PipelineService = ReturnType<typeof createPipelineService>

/**
 * Every change of where a participant stands goes through here (docs/product/pipeline.md): a
 * decision is checked against the pipeline's rules, written with who, when and why, and the
 * applicant's status and stage are projected again, all in the caller's transaction. A submission
 * never decides anything: only people do.
 */
export function createPipelineService({
  email,
  config,
}: {
  email: EmailServiceApi
  config: Config
}) {
  /**
   * Checks decisions without writing them. The applicants' rows are locked for the transaction,
   * so the answer holds until it commits (a decision and a submission of one applicant queue).
   */
  async function plan(
    tx: Db,
    requests: DecisionRequest[],
    { expectSubmitted = false }: { expectSubmitted?: boolean } = {},
  ): Promise<Planned[]> {
    const people = new Map(
      (await repo.lockApplicants(tx, [...new Set(requests.map((r) => r.applicantId))])).map((a) => [
        a.id,
        a,
      ]),
    )
    const known = await repo.facts(tx, requests)
    return requests.map((request, i): Planned => {
      const f = known[i]!
      const fail = (status: number, message: string, code?: string): Planned => ({
        ok: false,
        request,
        error: new AppError(status, message, code),
      })
      const applicant = people.get(request.applicantId)
      if (!applicant) return fail(404, PIPELINE_MESSAGES.applicantNotFound)
      if (!f.roundExists) return fail(404, PIPELINE_MESSAGES.roundNotFound)
      const from: PipelineState = f.state ?? 'eligible'
      if (expectSubmitted && from !== 'submitted')
        return fail(409, PIPELINE_MESSAGES.notSubmitted, 'NOT_SUBMITTED')
      if (f.laterRecord) return fail(409, PIPELINE_MESSAGES.laterRoundExists, 'LATER_ROUND')
      if (!isRoundTheirs(f)) return fail(409, PIPELINE_MESSAGES.notInRound, 'NOT_IN_ROUND')
      const to = request.decision
      if (to === 'won' && !f.isFinal)
        return fail(409, PIPELINE_MESSAGES.wonOnlyInFinal, 'NOT_FINAL')
      if (to === 'submitted' && !f.hasSubmission)
        return fail(409, PIPELINE_MESSAGES.noSubmissionToUndo, 'NO_SUBMISSION')
      if (to === 'eligible' && f.hasSubmission)
        return fail(409, PIPELINE_MESSAGES.hasSubmissionToKeep, 'HAS_SUBMISSION')
      const prize = to === 'won' ? (request.prize ?? null) : null
      const changed = from !== to || (to === 'won' && prize !== f.prize)
      return { ok: true, request, applicant, roundName: f.roundName!, from, to, changed }
    })
  }

  /** Writes planned decisions (the successful ones that change something) and their consequences. */
  async function apply(tx: Db, planned: Planned[], actor: repo.Actor): Promise<void> {
    const changes = planned.filter((p): p is Extract<Planned, { ok: true }> => p.ok && p.changed)
    if (changes.length === 0) return
    const decider = { id: actor.kind === 'system' ? null : actor.id, name: actor.name }
    const toWrite = (p: Extract<Planned, { ok: true }>): repo.Change => ({
      applicantId: p.applicant.id,
      roundId: p.request.roundId,
      state: p.to as repo.StoredState,
      prize: p.to === 'won' ? (p.request.prize ?? null) : null,
      note: p.request.note ?? null,
    })
    await repo.writeDecisions(tx, changes.filter((p) => p.to !== 'eligible').map(toWrite), decider)
    await repo.removeRecords(
      tx,
      changes.filter((p) => p.to === 'eligible').map((p) => p.request),
    )
    await repo.recordEvents(
      tx,
      changes.map((p) => ({
        roundId: p.request.roundId,
        applicantId: p.applicant.id,
        fromState: p.from,
        toState: p.to,
        note: p.request.note ?? null,
      })),
      actor,
    )
    await repo.project(tx, { applicantIds: [...new Set(changes.map((p) => p.applicant.id))] })
    await notifyAdvanced(
      tx,
      changes.filter((p) => p.to === 'advanced'),
    )
  }

  /**
   * An advance is a selection: the activity feed says so, and the person gets an email with a
   * single-use link, valid 14 days, to confirm that they take part.
   */
  async function notifyAdvanced(tx: Db, advanced: Extract<Planned, { ok: true }>[]) {
    if (advanced.length === 0) return
    const codes = advanced.map(() => newToken())
    const expiresAt = new Date(Date.now() + CONFIRMATION_VALID_DAYS * 86_400_000)
    await repo.insertConfirmationCodes(
      tx,
      advanced.map((p, i) => ({
        applicantId: p.applicant.id,
        codeHash: hashToken(codes[i]!),
        expiresAt,
      })),
    )
    await repo.recordSelections(
      tx,
      advanced.map((p) => ({
        name: p.applicant.name,
        action: `was selected in ${p.roundName}`,
        applicantId: p.applicant.id,
      })),
    )
    await email.queueMany(
      tx,
      'selection-notice',
      advanced.map((p, i) => ({
        to: p.applicant.email,
        data: {
          name: p.applicant.name,
          confirmUrl: `${config.publicUrl}/confirm-participation?code=${encodeURIComponent(codes[i]!)}`,
          validDays: CONFIRMATION_VALID_DAYS,
        },
      })),
    )
  }

  return {
    plan,
    apply,

    /** One decision: refused with its reason, or written. */
    async decide(
      tx: Db,
      request: DecisionRequest,
      actor: repo.Actor,
      options: { expectSubmitted?: boolean } = {},
    ): Promise<Extract<Planned, { ok: true }>> {
      const [planned] = await plan(tx, [request], options)
      if (!planned!.ok) throw planned!.error
      await apply(tx, [planned!], actor)
      return planned!
    },

    /**
     * The round a decision about these applicants is about when the person did not name one: the
     * round of their latest record, or the first round for someone with none.
     */
    async decisionRounds(tx: Db, applicantIds: string[]): Promise<Map<string, string>> {
      const latest = await repo.latestRecords(tx, applicantIds)
      return new Map(latest.map((l) => [l.applicantId, l.roundId]))
    },

    /**
     * The selected applicant confirms (by the emailed link or on the dashboard): their latest
     * advance is confirmed. False when they have no unconfirmed advance to confirm.
     */
    async confirm(tx: Db, applicantId: string, actor: repo.Actor): Promise<boolean> {
      await repo.lockApplicants(tx, [applicantId])
      const roundId = await repo.confirmLatest(tx, applicantId)
      if (!roundId) return false
      await repo.recordEvents(
        tx,
        [{ roundId, applicantId, fromState: 'advanced', toState: 'confirmed' }],
        actor,
      )
      await repo.useConfirmationCodes(tx, applicantId)
      await repo.project(tx, { applicantIds: [applicantId] })
      return true
    },

    /** An applicant's records and history, for staff. */
    async of(db: Db, applicantId: string): Promise<ApplicantPipeline> {
      const [entries, events] = await Promise.all([
        repo.entriesOf(db, applicantId),
        repo.eventsOf(db, applicantId),
      ])
      const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString())
      return {
        entries: entries.map((e) => ({
          ...e,
          decidedAt: iso(e.decidedAt),
          confirmedAt: iso(e.confirmedAt),
        })),
        events: events.map((e) => ({
          id: e.id,
          roundName: e.roundName,
          fromState: e.fromState as PipelineState,
          toState: e.toState as PipelineState | 'confirmed',
          actor: e.actor,
          note: e.note,
          at: new Date(e.at).toISOString(),
        })),
      }
    },
  }
}
