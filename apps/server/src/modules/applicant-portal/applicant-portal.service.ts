import {
  DECIDED_PIPELINE_STATES,
  SELECTED_PIPELINE_STATES,
  type Applicant,
  type ApplicantDashboard,
  type ApplicantRound,
  type ApplicantSubmission,
  type HistoryItem,
  type ProgressItem,
  type StageDocument,
} from '@hackathon/contract'
import type { Db } from '../../db/client.js'
import { AppError } from '../../plugins/app-error.js'
import { toApplicant } from '../applicants/applicants.service.js'
import { applicantAnswerFileUrl, fileUrl } from '../files/files.service.js'
import { accessOf } from '../pipeline/access.js'
import type { PipelineService } from '../pipeline/pipeline.service.js'
import * as pipeline from '../pipeline/pipeline.repo.js'
import * as roundsRepo from '../rounds/rounds.repo.js'
import { roundBasics } from '../rounds/rounds.service.js'
import type { SubmissionsService } from '../submissions/submissions.service.js'
import * as repo from './applicant-portal.repo.js'

export type ApplicantPortalService = ReturnType<typeof createApplicantPortalService>

type Entry = Awaited<ReturnType<typeof pipeline.entriesOf>>[number]
type Submitted = Awaited<ReturnType<typeof repo.submissionsOf>>[number]

const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : null)
const DECIDED: ReadonlySet<string> = new Set(DECIDED_PIPELINE_STATES)
const SELECTED: ReadonlySet<string> = new Set(SELECTED_PIPELINE_STATES)

/**
 * The five progress steps read from the pipeline (docs/product/pipeline.md#progress), so
 * they never contradict each other and never go back: selected is the first advance, confirmed
 * its confirmation, submitted and reviewed a submission in a round after that advance and its
 * decision. A step is done when its fact is there or any later step is done.
 */
export function progressOf(
  createdAt: string,
  entries: readonly Entry[],
  submitted: readonly Submitted[],
): ProgressItem[] {
  const advanced = entries.filter((e) => SELECTED.has(e.state))
  const first = advanced[0]
  const later = (position: number) => (first ? position > first.position : false)
  const positionOf = new Map(entries.map((e) => [e.roundId, e.position]))
  const earliest = (values: (string | null)[]) =>
    values.filter((v): v is string => v !== null).sort()[0] ?? null
  const facts: [string, string, string | null, boolean][] = [
    ['registered', 'Registered for the hackathon', createdAt, true],
    ['selected', 'Selected by the jury', iso(first?.decidedAt), Boolean(first)],
    [
      'confirmed',
      'Confirmed participation',
      earliest(entries.map((e) => iso(e.confirmedAt))),
      entries.some((e) => e.confirmedAt),
    ],
    [
      'submitted',
      'Submitted to the next stage',
      earliest(
        submitted
          .filter((s) => later(positionOf.get(s.roundId) ?? -1))
          .map((s) => iso(s.submittedAt)),
      ),
      submitted.some((s) => later(positionOf.get(s.roundId) ?? -1)),
    ],
    [
      'reviewed',
      'Submission reviewed',
      earliest(
        entries
          .filter((e) => later(e.position) && DECIDED.has(e.state))
          .map((e) => iso(e.decidedAt)),
      ),
      entries.some((e) => later(e.position) && DECIDED.has(e.state)),
    ],
  ]
  let laterDone = false
  return facts
    .reverse()
    .map(([id, description, at, fact]) => {
      const done = fact || laterDone
      laterDone = done
      return {
        id,
        description,
        status: done ? ('completed' as const) : ('pending' as const),
        completedAt: done ? at : null,
        createdAt,
      }
    })
    .reverse()
}

/** What happened to the applicant, oldest first, in words meant for them (no staff names or notes). */
function historyOf(
  createdAt: string,
  events: Awaited<ReturnType<typeof pipeline.eventsOf>>,
): HistoryItem[] {
  const says = (e: (typeof events)[number]) => {
    switch (e.toState) {
      case 'submitted':
        return e.fromState === 'eligible'
          ? `Submitted to ${e.roundName}`
          : `The decision in ${e.roundName} was reopened`
      case 'advanced':
        return `Selected in ${e.roundName}`
      case 'confirmed':
        return `Confirmed participation after ${e.roundName}`
      case 'won':
        return `Won in ${e.roundName}`
      case 'not_advanced':
        return `Not advanced after ${e.roundName}`
      case 'withdrawn':
        return `Withdrawn from ${e.roundName}`
      default:
        return `The decision in ${e.roundName} was reopened`
    }
  }
  return [
    { id: 'registered', description: 'Registered for the hackathon', at: createdAt },
    ...events.map((e) => ({ id: e.id, description: says(e), at: new Date(e.at).toISOString() })),
  ]
}

export function createApplicantPortalService({
  db,
  submissions,
  pipeline: decisions,
}: {
  db: Db
  submissions: SubmissionsService
  pipeline: PipelineService
}) {
  async function mustFindApplicant(id: string) {
    const row = await repo.findApplicant(db, id)
    // A session outliving its applicant (deleted meanwhile) is simply over.
    if (!row) throw new AppError(401, 'Your session has ended. Please sign in again.')
    return row
  }

  /**
   * Every round in stage order, each with whether it is open to this applicant now and why not
   * (accessOf, the rule the submission itself applies), their state and submission there.
   */
  async function roundsFor(
    entries: readonly Entry[],
    submitted: readonly Submitted[],
    now = new Date(),
  ): Promise<ApplicantRound[]> {
    const rows = await roundsRepo.listInOrder(db)
    const reqs = await roundsRepo.requirementsOf(
      db,
      rows.map((r) => r.id),
    )
    const stateOf = new Map(entries.map((e) => [e.roundId, e.state]))
    return rows.map((round, i) => {
      const previous = rows[i - 1]
      const access = accessOf({
        status: round.status,
        notStarted: round.startTime !== null && round.startTime > now,
        expired: round.endTime !== null && round.endTime <= now,
        isFirst: i === 0,
        previousName: previous?.name ?? null,
        previousState: previous ? (stateOf.get(previous.id) ?? null) : null,
        state: stateOf.get(round.id) ?? null,
        laterRecord: rows.slice(i + 1).some((r) => stateOf.has(r.id)),
      })
      const mine = submitted.find((s) => s.roundId === round.id)
      return {
        ...roundBasics(round, i + 1, reqs),
        locked: access.access === 'locked',
        access: access.access,
        accessMessage: access.message,
        state: access.state,
        submission: mine ? { id: mine.id, submittedAt: iso(mine.submittedAt) } : null,
      }
    })
  }

  async function standing(applicantId: string) {
    return Promise.all([pipeline.entriesOf(db, applicantId), repo.submissionsOf(db, applicantId)])
  }

  return {
    /** The applicant as the user call names them: the web app's sidebar follows the role. */
    async currentUser(applicantId: string) {
      const row = await mustFindApplicant(applicantId)
      return { id: row.id, email: row.email, name: row.name, role: 'applicant' as const }
    },

    async dashboard(applicantId: string): Promise<ApplicantDashboard> {
      const applicant = toApplicant(await mustFindApplicant(applicantId))
      const [[entries, submitted], events] = await Promise.all([
        standing(applicantId),
        pipeline.eventsOf(db, applicantId),
      ])
      const rounds = await roundsFor(entries, submitted)
      return {
        applicant,
        currentStatus: applicant.status,
        requiresConfirmation: applicant.status === 'selected',
        activeRounds: rounds.filter((r) => r.status === 'active'),
        progress: progressOf(applicant.createdAt, entries, submitted),
        rounds,
        history: historyOf(applicant.createdAt, events),
      }
    },

    async rounds(applicantId: string): Promise<ApplicantRound[]> {
      await mustFindApplicant(applicantId)
      const [entries, submitted] = await standing(applicantId)
      return roundsFor(entries, submitted)
    },

    async submissions(applicantId: string): Promise<ApplicantSubmission[]> {
      const rows = await repo.submissionsOf(db, applicantId)
      const ids = rows.map((r) => r.id)
      const [given, versions, repositories] = await Promise.all([
        submissions.answers(ids, applicantAnswerFileUrl),
        submissions.versions(ids, applicantAnswerFileUrl),
        submissions.repositories(ids),
      ])
      return rows.map((s) => {
        const mine = given(s.id)
        return {
          id: s.id,
          stageId: s.roundId,
          stageName: s.roundName,
          status: s.status,
          githubUrl: s.githubUrl,
          documents: mine.documents.map((d) => ({ name: d.name, url: d.url ?? '' })),
          answers: mine.answers,
          createdAt: s.createdAt.toISOString(),
          submittedAt: s.submittedAt?.toISOString() ?? null,
          versions: versions.get(s.id) ?? [],
          repository: repositories.get(s.id) ?? null,
        }
      })
    },

    /** A stage's documents are its round's requirements: what each takes, and its template. */
    async documents(stageId: string): Promise<StageDocument[]> {
      if (!(await repo.findRound(db, stageId))) throw new AppError(404, 'Stage not found')
      return (await repo.requirementsOf(db, stageId)).map((r) => ({
        id: r.id,
        name: r.templateName ?? r.description,
        description: r.description,
        isRequired: r.required,
        fileType: r.templateType ?? null,
        fileUrl: r.templateFileId ? fileUrl(r.templateFileId) : null,
        kind: r.kind,
        fileTypes: r.fileTypes,
        maxSizeMb: r.maxSizeMb,
      }))
    },

    async confirmParticipation(applicantId: string): Promise<Applicant> {
      const row = await db.transaction(async (tx) => {
        const person = await repo.findApplicant(tx, applicantId)
        if (!person) return undefined
        const confirmed = await decisions.confirm(tx, applicantId, {
          kind: 'applicant',
          id: applicantId,
          name: person.name,
        })
        return confirmed ? repo.findApplicant(tx, applicantId) : undefined
      })
      if (!row) throw new AppError(409, 'Only a selected applicant can confirm participation')
      return toApplicant(row)
    },
  }
}
