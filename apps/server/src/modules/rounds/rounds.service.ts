import type { Round, roundInput, RoundRequirement, RoundWarning } from '@hackathon/contract'
import {
  ANSWER_DEFAULT_MB,
  DEFAULT_ANSWER_FILE_TYPES,
  ROUND_MESSAGES,
  stageOfRoundName,
  type StageId,
} from '@hackathon/contract'
import type { z } from 'zod'
import type { SnapshotCache } from '../../lib/snapshot-cache.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../plugins/app-error.js'
import * as filesRepo from '../files/files.repo.js'
import { fileUrl } from '../files/files.service.js'
import * as activity from '../activity/activity.repo.js'
import * as pipeline from '../pipeline/pipeline.repo.js'
import { roundWarnings } from './round-warnings.js'
import * as repo from './rounds.repo.js'

type RoundInput = z.output<typeof roundInput>

export type RoundsService = ReturnType<typeof createRoundsService>

/**
 * The stage figures of a round (docs/product/pipeline.md#figures): what the organizer reported
 * (stage-details upload) wins; otherwise, once the round has records in the pipeline, they are
 * counted there for the stage its name says: ideas submitted (stage 1), prototypes and projects
 * approved (advanced in stage 2 and 3), invitees and solutions to be built (taking part in and
 * winning stage 4). Null only for a round with neither, where the dashboard may estimate.
 */
function stageFigures(
  round: repo.RoundRow,
  counted: Awaited<ReturnType<typeof repo.pipelineCounts>>[number] | undefined,
) {
  const stage = stageOfRoundName(round.name)
  const when = (id: StageId, value: number | undefined) =>
    counted && stage === id ? (value ?? null) : null
  return {
    ideasSubmitted: round.ideasSubmitted ?? when('stage1', counted?.submissions),
    prototypesApproved: round.prototypesApproved ?? when('stage2', counted?.advanced),
    projectsApproved: round.projectsApproved ?? when('stage3', counted?.advanced),
    totalInvitees: round.totalInvitees ?? when('stage4', counted?.participants),
    solutionsToBeBuilt: round.solutionsToBeBuilt ?? when('stage4', counted?.won),
  }
}

/** A requirement as the rounds calls answer it: what it takes, and its template. */
export function toRequirement(
  r: Awaited<ReturnType<typeof repo.requirementsOf>>[number],
): RoundRequirement {
  return {
    id: r.id,
    description: r.description,
    template: r.file ? { ...r.file, url: fileUrl(r.file.id) } : null,
    kind: r.kind,
    required: r.required,
    fileTypes: r.fileTypes as RoundRequirement['fileTypes'],
    maxSizeMb: r.maxSizeMb,
  }
}

/**
 * What every rounds call says of a round, staff's and the applicant's alike: its text, status,
 * times, stage number (`position`), requirements (from all the rounds' `reqs`) and prizes.
 */
export function roundBasics(
  round: Awaited<ReturnType<typeof repo.listInOrder>>[number],
  position: number,
  reqs: Awaited<ReturnType<typeof repo.requirementsOf>>,
) {
  return {
    id: round.id,
    name: round.name,
    description: round.description,
    status: round.status,
    startTime: round.startTime?.toISOString() ?? null,
    endTime: round.endTime?.toISOString() ?? null,
    position,
    requirements: reqs.filter((r) => r.roundId === round.id).map(toRequirement),
    prizes: round.prizes,
  }
}

/** Who changes a round: named in the activity log when a deadline moves. */
export type RoundEditor = { name: string; email: string }

const describeTime = (d: Date | null) =>
  d ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'no deadline'

export function createRoundsService({
  db,
  scheduleFreeze,
  snapshots,
}: {
  db: Db
  /** Queues the GitHub freeze of the round's submissions at its end time (issue 10). */
  scheduleFreeze: (tx: Db, roundId: string, endTime: Date | null) => Promise<void>
  /** Participants and colleges per round count every submission: recounted only after changes. */
  snapshots: SnapshotCache
}) {
  async function assertTemplatesExist(tx: Db, input: RoundInput) {
    const wanted = input.requirements
      .map((r) => r.templateFileId)
      .filter((id): id is string => Boolean(id))
    const found = await filesRepo.existing(tx, wanted)
    if (wanted.some((id) => !found.has(id)))
      throw new AppError(400, 'A template file was not found: upload it again.')
  }

  const fields = (input: RoundInput) => ({
    name: input.name,
    description: input.description,
    status: input.status,
    startTime: input.startTime ? new Date(input.startTime) : null,
    endTime: input.endTime ? new Date(input.endTime) : null,
    maxParticipants: input.maxParticipants,
    prizes: input.prizes,
  })

  /** A requirement's columns from the form: a file requirement keeps its types and limit. */
  const requirementValues = (r: RoundInput['requirements'][number], position: number) => ({
    position,
    description: r.description,
    templateFileId: r.templateFileId ?? null,
    kind: r.kind,
    required: r.required,
    fileTypes: r.kind === 'file' ? (r.fileTypes ?? DEFAULT_ANSWER_FILE_TYPES) : [],
    maxSizeMb: r.maxSizeMb ?? ANSWER_DEFAULT_MB,
  })

  async function load(ids?: string[]): Promise<Round[]> {
    const all = await repo.listInOrder(db)
    const rows = all.filter((r) => !ids || ids.includes(r.id))
    const [reqs, counts] = await Promise.all([
      repo.requirementsOf(
        db,
        rows.map((r) => r.id),
      ),
      snapshots.get('round-counts', ['applicants', 'submissions', 'rounds'], () =>
        repo.pipelineCounts(db),
      ),
    ])
    return rows.map((round) => {
      const c = counts.find((x) => x.roundId === round.id)
      return {
        ...roundBasics(round, all.indexOf(round) + 1, reqs),
        maxParticipants: round.maxParticipants,
        currentParticipants: round.totalParticipants ?? c?.participants ?? 0,
        totalColleges: round.totalColleges ?? c?.colleges ?? 0,
        submissionCount: c?.submissions ?? 0,
        ...stageFigures(round, c),
      }
    })
  }

  /** Moves the round to this stage number (clamped to the rounds there are); the rest keep their order. */
  async function moveTo(tx: Db, id: string, stage: number | null) {
    const order = (await repo.listInOrder(tx)).map((r) => r.id)
    const from = order.indexOf(id)
    const to = stage === null ? from : Math.min(Math.max(stage - 1, 0), order.length - 1)
    if (from === to) return false
    order.splice(from, 1)
    order.splice(to, 0, id)
    await repo.renumber(tx, order)
    return true
  }

  async function one(id: string): Promise<Round> {
    const [round] = await load([id])
    if (!round) throw new AppError(404, ROUND_MESSAGES.notFound)
    return round
  }

  return {
    list: () => load(),

    /** The rounds and what the rounds page should warn about, by the server's clock. */
    async listWithWarnings(
      now = new Date(),
    ): Promise<{ rounds: Round[]; warnings: RoundWarning[] }> {
      const rounds = await load()
      return {
        rounds,
        warnings: roundWarnings(
          rounds.map((r) => ({
            ...r,
            startTime: r.startTime ? new Date(r.startTime) : null,
            endTime: r.endTime ? new Date(r.endTime) : null,
          })),
          now,
        ),
      }
    },

    /**
     * The round and its requirements in one transaction. It goes last, or at the stage number
     * given; everyone's current stage is projected again (a new last round is where those
     * advanced from the old last round now stand).
     */
    async create(input: RoundInput): Promise<Round> {
      const id = await db.transaction(async (tx) => {
        await assertTemplatesExist(tx, input)
        await repo.lockOrder(tx)
        const row = await repo.insert(tx, fields(input))
        await scheduleFreeze(tx, row.id, row.endTime)
        await repo.insertRequirements(
          tx,
          input.requirements.map((r, position) => ({
            roundId: row.id,
            ...requirementValues(r, position),
          })),
        )
        await moveTo(tx, row.id, input.position ?? null)
        await pipeline.project(tx, { hasEntries: true })
        return row.id
      })
      return one(id)
    },

    /**
     * Requirements keep their identity: one sent with its id is updated in place, one without is
     * added, and one left out is marked removed, so the answers given to it stay readable
     * (docs/product/rounds.md#requirements). A new name or stage number projects everyone's
     * current stage again.
     */
    async update(id: string, input: RoundInput, editor: RoundEditor): Promise<Round> {
      await db.transaction(async (tx) => {
        await assertTemplatesExist(tx, input)
        await repo.lockOrder(tx)
        const before = await repo.findByIdForUpdate(tx, id)
        if (!before) throw new AppError(404, ROUND_MESSAGES.notFound)
        const next = fields(input)
        await repo.update(tx, id, next)
        if ((before.endTime?.getTime() ?? null) !== (next.endTime?.getTime() ?? null)) {
          // Who moved a deadline, when, from what to what: the record organizers answer to.
          await activity.record(tx, {
            type: 'deadline',
            name: editor.name,
            action: `changed the deadline of ${before.name} from ${describeTime(before.endTime)} to ${describeTime(next.endTime)}`,
          })
          await scheduleFreeze(tx, id, next.endTime)
        }
        const existing = new Set((await repo.currentRequirements(tx, id)).map((r) => r.id))
        const kept = new Set<string>()
        for (const [position, r] of input.requirements.entries()) {
          const values = requirementValues(r, position)
          if (r.id && existing.has(r.id) && !kept.has(r.id)) {
            kept.add(r.id)
            await repo.updateRequirement(tx, r.id, values)
          } else await repo.insertRequirements(tx, [{ roundId: id, ...values }])
        }
        await repo.removeRequirements(
          tx,
          [...existing].filter((r) => !kept.has(r)),
        )
        const moved = await moveTo(tx, id, input.position ?? null)
        if (moved || before.name !== next.name) await pipeline.project(tx, { hasEntries: true })
      })
      return one(id)
    },

    /**
     * A round with submissions is deleted only when asked twice (force): then its submissions and
     * pipeline records go with it, in the same transaction, and everyone's status is projected
     * again from what is left (docs/decisions/009-rounds-and-submissions.md).
     */
    async remove(id: string, force: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.lockOrder(tx)
        if (!(await repo.findById(tx, id))) throw new AppError(404, ROUND_MESSAGES.notFound)
        const n = await repo.countSubmissions(tx, id)
        const affected = await repo.applicantsWithRecords(tx, id)
        // Decisions made without a submission (a bulk sheet, an admin) are records too.
        const decisions = affected.length - n
        if ((n > 0 || decisions > 0) && !force) {
          const what = [
            n > 0 ? `${n} submission${n === 1 ? '' : 's'}` : '',
            decisions > 0
              ? `${decisions} decision${decisions === 1 ? '' : 's'} without a submission`
              : '',
          ]
            .filter(Boolean)
            .join(' and ')
          throw new AppError(
            409,
            `This round has ${what}. Deleting it also deletes ${n + decisions === 1 ? 'it' : 'them'} and cannot be undone.`,
            'HAS_SUBMISSIONS',
          )
        }
        await repo.removeWithSubmissions(tx, id)
        await pipeline.project(tx, { hasEntries: true })
        await pipeline.project(tx, { applicantIds: affected })
      })
    },
  }
}
