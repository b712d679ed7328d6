import type { Round, roundInput } from '@hackathon/contract'
import { ROUND_MESSAGES } from '@hackathon/contract'
import type { z } from 'zod'
import type { SnapshotCache } from '../../lib/snapshot-cache.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../plugins/app-error.js'
import * as filesRepo from '../files/files.repo.js'
import { fileUrl } from '../files/files.routes.js'
import * as activity from '../activity/activity.repo.js'
import * as repo from './rounds.repo.js'

type RoundInput = z.output<typeof roundInput>

export type RoundsService = ReturnType<typeof createRoundsService>

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

  async function load(ids?: string[]): Promise<Round[]> {
    const rows = (await repo.listInOrder(db)).filter((r) => !ids || ids.includes(r.id))
    const [reqs, counts] = await Promise.all([
      repo.requirementsOf(
        db,
        rows.map((r) => r.id),
      ),
      snapshots.get('round-counts', ['applicants', 'submissions', 'rounds'], () =>
        repo.submissionCounts(db),
      ),
    ])
    return rows.map((round) => {
      const c = counts.find((x) => x.roundId === round.id)
      return {
        id: round.id,
        name: round.name,
        description: round.description,
        status: round.status,
        startTime: round.startTime?.toISOString() ?? null,
        endTime: round.endTime?.toISOString() ?? null,
        maxParticipants: round.maxParticipants,
        requirements: reqs
          .filter((r) => r.roundId === round.id)
          .map((r) => ({
            id: r.id,
            description: r.description,
            template: r.file ? { ...r.file, url: fileUrl(r.file.id) } : null,
          })),
        prizes: round.prizes,
        currentParticipants: round.totalParticipants ?? c?.participants ?? 0,
        totalColleges: round.totalColleges ?? c?.colleges ?? 0,
        submissionCount: c?.submissions ?? 0,
        totalInvitees: round.totalInvitees,
        ideasSubmitted: round.ideasSubmitted,
        prototypesApproved: round.prototypesApproved,
        projectsApproved: round.projectsApproved,
        solutionsToBeBuilt: round.solutionsToBeBuilt,
      }
    })
  }

  async function one(id: string): Promise<Round> {
    const [round] = await load([id])
    if (!round) throw new AppError(404, ROUND_MESSAGES.notFound)
    return round
  }

  return {
    list: () => load(),

    /** The round and its requirements in one transaction. */
    async create(input: RoundInput): Promise<Round> {
      const id = await db.transaction(async (tx) => {
        await assertTemplatesExist(tx, input)
        const row = await repo.insert(tx, fields(input))
        await scheduleFreeze(tx, row.id, row.endTime)
        await repo.insertRequirements(
          tx,
          input.requirements.map((r, position) => ({
            roundId: row.id,
            position,
            description: r.description,
            templateFileId: r.templateFileId ?? null,
          })),
        )
        return row.id
      })
      return one(id)
    },

    /**
     * Requirements are matched by position, so the ones that stay keep their ids and the
     * documents applicants already chose stay attached; surplus ones are removed.
     */
    async update(id: string, input: RoundInput, editor: RoundEditor): Promise<Round> {
      await db.transaction(async (tx) => {
        await assertTemplatesExist(tx, input)
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
        const existing = await repo.currentRequirements(tx, id)
        for (const [position, r] of input.requirements.entries()) {
          const values = {
            position,
            description: r.description,
            templateFileId: r.templateFileId ?? null,
          }
          const current = existing[position]
          if (current) await repo.updateRequirement(tx, current.id, values)
          else await repo.insertRequirements(tx, [{ roundId: id, ...values }])
        }
        await repo.deleteRequirements(
          tx,
          existing.slice(input.requirements.length).map((r) => r.id),
        )
      })
      return one(id)
    },

    /**
     * A round with submissions is deleted only when asked twice (force): then its submissions go
     * with it, in the same transaction (docs/decisions/009-rounds-and-submissions.md).
     */
    async remove(id: string, force: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.findById(tx, id))) throw new AppError(404, ROUND_MESSAGES.notFound)
        const n = await repo.countSubmissions(tx, id)
        if (n > 0 && !force) {
          throw new AppError(
            409,
            `This round has ${n} submission${n === 1 ? '' : 's'}. Deleting it also deletes ${n === 1 ? 'it' : 'them'} and cannot be undone.`,
            'HAS_SUBMISSIONS',
          )
        }
        await repo.removeWithSubmissions(tx, id)
      })
    },
  }
}
