import type {
  Applicant,
  ApplicantStatus,
  applicantListQuery,
  applicantUpdateInput,
  decisionInput,
  manualApplicantInput,
  PipelineDecision,
  registrationInput,
  RegistrationResponse,
} from '@hackathon/contract'
import {
  APPLICANT_MESSAGES,
  PIPELINE_MESSAGES,
  applicantUpdateFor,
  errorCodes,
  mobileNotAPhoneNumber,
} from '@hackathon/contract'
import { createHash } from 'node:crypto'
import type { z } from 'zod'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { createBatcher } from '../../lib/batcher.js'
import { isDatabaseUnavailable, isUniqueViolation } from '../../lib/db-errors.js'
import { canonicalMobile } from '../../lib/mobile-number.js'
import { newRegistrationId } from '../../lib/registration-id.js'
import { hashToken } from '../../lib/secrets.js'
import type { SnapshotCache } from '../../lib/snapshot-cache.js'
import { AppError } from '../../plugins/app-error.js'
import * as activity from '../activity/activity.repo.js'
import type { StaffActor } from '../auth/auth.service.js'
import type { EmailServiceApi } from '../email/email.service.js'
import * as pipelineRepo from '../pipeline/pipeline.repo.js'
import type { PipelineService } from '../pipeline/pipeline.service.js'
import * as limitsRepo from '../limits/limits.repo.js'
import { takeSlots } from '../limits/limits.service.js'
import * as repo from './applicants.repo.js'
import * as keys from './registration-keys.repo.js'

/** What leaves the server about an applicant. */
export function toApplicant(row: repo.ApplicantRow): Applicant {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    studentId: row.studentId,
    course: row.course,
    yearOfGraduation: row.yearOfGraduation,
    collegeName: row.collegeName,
    linkedinProfile: row.linkedinProfile,
    status: row.status,
    registrationId: row.registrationId,
    githubUrl: row.githubUrl,
    currentStage: row.currentStage,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

type NewApplicantFields = Pick<
  repo.NewApplicant,
  | 'name'
  | 'email'
  | 'mobile'
  | 'studentId'
  | 'course'
  | 'yearOfGraduation'
  | 'collegeName'
  | 'linkedinProfile'
>

export type ApplicantsService = ReturnType<typeof createApplicantsService>

interface Registration {
  fields: NewApplicantFields
  address: string
  /** The form's Idempotency-Key with a hash of the fields, recorded with the registration. */
  key?: keys.RegistrationKey
}

/** What a retry must repeat exactly to get the original answer: the fields, in a fixed order. */
const requestHashOf = (fields: NewApplicantFields) =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))))
    .digest('hex')

/** Who decided, as the pipeline records it. */
const decider = (actor: StaffActor) => ({ kind: 'staff' as const, id: actor.id, name: actor.name })

/**
 * The edit form's status as a decision (docs/product/pipeline.md#admin-edit): about the round of
 * the applicant's latest record (the first round for someone with none), and for `won` the final
 * round. undefined: nothing to decide.
 */
function statusDecision(
  wanted: ApplicantStatus,
  current: ApplicantStatus,
): PipelineDecision | undefined {
  if (wanted === current || (wanted === 'selected' && current === 'confirmed')) return undefined
  switch (wanted) {
    case 'selected':
      return 'advanced'
    case 'not_selected':
      return 'not_advanced'
    case 'won':
      return 'won'
    case 'submitted':
      return 'submitted'
    case 'registered':
      return 'eligible'
    default:
      return undefined
  }
}

export function createApplicantsService({
  db,
  config,
  email,
  snapshots,
  pipeline,
}: {
  db: Db
  config: Config
  email: EmailServiceApi
  snapshots: SnapshotCache
  pipeline: PipelineService
}) {
  /**
   * Records a decision about one applicant, then checks that their status is what was asked:
   * a status that their records in other rounds would contradict is refused, nothing written.
   */
  async function decideStatus(
    tx: Db,
    id: string,
    wanted: ApplicantStatus,
    current: ApplicantStatus,
    actor: StaffActor,
  ) {
    const decision = statusDecision(wanted, current)
    if (!decision) return
    await pipelineRepo.lockApplicants(tx, [id])
    const rounds = await pipelineRepo.orderedRounds(tx)
    if (rounds.length === 0) throw new AppError(409, PIPELINE_MESSAGES.noRounds)
    const roundId =
      decision === 'won'
        ? rounds.at(-1)!.id
        : ((await pipeline.decisionRounds(tx, [id])).get(id) ?? rounds[0]!.id)
    await pipeline.decide(tx, { applicantId: id, roundId, decision }, decider(actor))
    const after = await repo.findById(tx, id)
    const reached =
      after!.status === wanted || (wanted === 'selected' && after!.status === 'confirmed')
    if (!reached)
      throw new AppError(
        409,
        `This applicant's records in the rounds make their status ${after!.status}, not ${wanted}. Record the decision for a round instead.`,
        'STATUS_NOT_REACHED',
      )
  }

  /**
   * A number as it is stored and compared: its canonical form, or a 400. One person, one number
   * (docs/decisions/019-mobile-numbers.md): the unique index on the canonical form decides.
   */
  function canonical(typed: string): string {
    const mobile = canonicalMobile(typed, config.defaultCountryCode)
    if (!mobile) throw new AppError(400, mobileNotAPhoneNumber(config.defaultCountryCode))
    return mobile
  }

  async function refuseClashes(
    tx: Db,
    fields: { email: string; mobile: string },
    exceptId?: string,
  ) {
    const clash = await repo.findClashes(tx, fields.email, fields.mobile, exceptId)
    if (clash.email) throw new AppError(409, APPLICANT_MESSAGES.duplicateEmail)
    if (clash.mobile) throw new AppError(409, APPLICANT_MESSAGES.duplicateMobile)
  }

  /** The unique indexes decide races the pre-check could not see: same answer either way. */
  function clashOf(error: unknown): AppError | undefined {
    if (isUniqueViolation(error, 'applicants_email_lower_key'))
      return new AppError(409, APPLICANT_MESSAGES.duplicateEmail)
    if (isUniqueViolation(error, 'applicants_mobile_key'))
      return new AppError(409, APPLICANT_MESSAGES.duplicateMobile)
    return undefined
  }

  /**
   * What a registration brings, in its transaction, however it came (one alone or a batch): the
   * activity item and the confirmation email, through the outbox (docs/product/registration.md).
   */
  async function announceRegistrations(tx: Db, rows: repo.ApplicantRow[]) {
    await activity.recordMany(
      tx,
      rows.map((row) => ({
        type: 'registration' as const,
        name: row.name,
        action: 'registered',
        applicantId: row.id,
      })),
    )
    await email.queueMany(
      tx,
      'registration-confirmation',
      rows.map((row) => ({
        to: row.email,
        data: { name: row.name, registrationId: row.registrationId },
      })),
    )
  }

  /**
   * Registers an applicant: the row, the activity item and the confirmation email, in one
   * transaction. A registration ID collision (one in a trillion) just draws another.
   */
  async function create(
    fields: NewApplicantFields,
    key?: keys.RegistrationKey,
  ): Promise<repo.ApplicantRow> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          await refuseClashes(tx, fields)
          const row = await repo.insert(tx, { ...fields, registrationId: newRegistrationId() })
          if (key)
            await keys.insertRegistrationKeys(tx, [{ ...key, registrationId: row.registrationId }])
          await announceRegistrations(tx, [row])
          return row
        })
      } catch (error) {
        const clash = clashOf(error)
        if (clash) throw clash
        if (attempt < 3 && isUniqueViolation(error, 'applicants_registration_id_unique')) continue
        throw error
      }
    }
  }

  const tooMany = 'Too many registrations from your network. Please try again later.'
  const limitOf = (address: string) => ({
    key: `register:address:${address}`,
    max: config.registerMaxPerAddress,
    windowMs: 3_600_000,
  })

  /** Counts `n` registrations from `address`: how many fit, and the 429 for those that do not. */
  async function admit(tx: Db, address: string, n: number) {
    const limit = limitOf(address)
    const { allowed, retryAfterMs } = await limitsRepo.hitMany(
      tx,
      limit.key,
      n,
      limit.max,
      limit.windowMs,
    )
    const refusal = new AppError(429, tooMany, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    })
    return { allowed, refusal }
  }

  /** One registration on its own: the limit (counted in one atomic statement), then its transaction. */
  async function registerOne(input: Registration): Promise<{ registrationId: string }> {
    const { allowed, refusal } = await admit(db, input.address, 1)
    if (allowed === 0) throw refusal
    const row = await create(input.fields, input.key)
    return { registrationId: row.registrationId }
  }

  /**
   * The registrations that arrived together, in one transaction of a few statements whatever
   * their number (issue 12: a surge was bound by database round trips, about ten per
   * registration). Each gets the answer it would have had alone: the per-address limit, then a
   * clash with a registered or an earlier applicant of the batch. When the batch cannot commit (a
   * race with another instance on a unique index, a registration ID collision), each is done again
   * on its own.
   */
  async function registerBatch(
    batch: Registration[],
  ): Promise<PromiseSettledResult<{ registrationId: string }>[]> {
    if (batch.length === 1) return Promise.allSettled([registerOne(batch[0]!)])
    try {
      return await db.transaction(async (tx) => {
        const outcome: (AppError | NewApplicantFields)[] = batch.map((b) => b.fields)
        const byAddress = new Map<string, number[]>()
        batch.forEach((b, i) => byAddress.set(b.address, [...(byAddress.get(b.address) ?? []), i]))
        for (const [address, indexes] of byAddress) {
          const { allowed, refusal } = await admit(tx, address, indexes.length)
          for (const i of indexes.slice(allowed)) outcome[i] = refusal
        }
        const clashes = await repo.findClashesMany(
          tx,
          batch.map((b) => b.fields.email),
          batch.map((b) => b.fields.mobile),
        )
        const emails = new Set(clashes.map((c) => c.email.toLowerCase()))
        const mobiles = new Set(clashes.map((c) => c.mobile))
        for (const [i, fields] of outcome.entries()) {
          if (fields instanceof AppError) continue
          if (emails.has(fields.email.toLowerCase()))
            outcome[i] = new AppError(409, APPLICANT_MESSAGES.duplicateEmail)
          else if (mobiles.has(fields.mobile))
            outcome[i] = new AppError(409, APPLICANT_MESSAGES.duplicateMobile)
          else {
            emails.add(fields.email.toLowerCase())
            mobiles.add(fields.mobile)
          }
        }
        const accepted = outcome.filter((o): o is NewApplicantFields => !(o instanceof AppError))
        const rows = await repo.insertMany(
          tx,
          accepted.map((fields) => ({ ...fields, registrationId: newRegistrationId() })),
        )
        await announceRegistrations(tx, rows)
        const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row.registrationId]))
        await keys.insertRegistrationKeys(
          tx,
          batch.flatMap((b, i) =>
            b.key && !(outcome[i] instanceof AppError)
              ? [{ ...b.key, registrationId: byEmail.get(b.fields.email.toLowerCase())! }]
              : [],
          ),
        )
        return outcome.map((o): PromiseSettledResult<{ registrationId: string }> =>
          o instanceof AppError
            ? { status: 'rejected', reason: o }
            : {
                status: 'fulfilled',
                value: { registrationId: byEmail.get(o.email.toLowerCase())! },
              },
        )
      })
    } catch (error) {
      // Unreachable database: each alone would fail too, after waiting again (issue 21).
      if (isDatabaseUnavailable(error))
        return batch.map(() => ({ status: 'rejected' as const, reason: error }))
      return Promise.allSettled(batch.map(registerOne))
    }
  }

  const registrations = createBatcher(registerBatch, { maxBatch: 100, concurrency: 2 })

  /** One registration, or the original answer to a retry of it (its idempotency key). */
  async function registerWithKey(
    input: z.output<typeof registrationInput>,
    address: string,
    idempotencyKey?: string,
  ): Promise<{ registrationId: string }> {
    const fields = {
      ...input,
      mobile: canonical(input.mobile),
      linkedinProfile: input.linkedinProfile ?? null,
    }
    if (!idempotencyKey) return registrations.add({ fields, address })
    // A retry whose answer was lost gets the original answer (docs/product/registration.md#retries).
    const key = { key: idempotencyKey, requestHash: requestHashOf(fields) }
    const answerFrom = (known: { requestHash: string; registrationId: string }) => {
      if (known.requestHash !== key.requestHash)
        throw new AppError(422, APPLICANT_MESSAGES.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED')
      return { registrationId: known.registrationId }
    }
    const known = await keys.findRegistrationKey(db, key.key)
    if (known) return answerFrom(known)
    try {
      return await registrations.add({ fields, address, key })
    } catch (error) {
      // Retries sent together: one registered (its key committed with it), the others were
      // refused as a duplicate, by the limit or by the key's unique index; all get its answer.
      const winner = await keys.findRegistrationKey(db, key.key).catch(() => undefined)
      if (winner) return answerFrom(winner)
      throw error
    }
  }

  return {
    /**
     * POST /api/register: the public form, limited per client address against scripted sign-ups.
     * Registrations arriving together are written together (registerBatch).
     */
    register: async (
      input: z.output<typeof registrationInput>,
      address: string,
      idempotencyKey?: string,
    ): Promise<RegistrationResponse> => {
      // Read after the registration: the screen says whether its confirmation email goes out.
      const { registrationId } = await registerWithKey(input, address, idempotencyKey)
      return { registrationId, confirmationEmail: await email.notificationsOn() }
    },

    /** Idempotency keys over a day old (the hourly sweep). */
    sweepRegistrationKeys: () => keys.sweepRegistrationKeys(db),

    /** POST /api/applicants: the admin's Add Applicant page. */
    async addManually(input: z.output<typeof manualApplicantInput>): Promise<Applicant> {
      const row = await create({
        name: input.name,
        email: input.email,
        mobile: canonical(input.mobile),
        studentId: input.studentId,
        course: input.course,
        yearOfGraduation: input.year,
        collegeName: input.college,
        linkedinProfile: input.linkedinProfile ?? null,
      })
      return toApplicant(row)
    },

    async list(
      query: z.output<typeof applicantListQuery>,
    ): Promise<{ applicants: Applicant[]; total: number; totalPages: number }> {
      const filter = { search: query.search || undefined, status: query.status }
      const page = { ...filter, limit: query.limit, offset: (query.page - 1) * query.limit }
      let rows: repo.ApplicantRow[]
      let total: number
      if (filter.search) {
        const found = await repo.searchPage(db, page)
        rows = found.rows
        total = found.total ?? (page.offset > 0 ? await repo.count(db, filter) : 0)
      } else {
        ;[rows, total] = await Promise.all([
          repo.list(db, page),
          snapshots.get(`applicants:${filter.status ?? ''}`, ['applicants'], () =>
            repo.count(db, filter),
          ),
        ])
      }
      return {
        applicants: rows.map(toApplicant),
        total,
        totalPages: Math.ceil(total / query.limit),
      }
    },

    /** One applicant, as the list shows them (the edit form reloads from it). */
    async get(id: string): Promise<Applicant> {
      const row = await repo.findById(db, id)
      if (!row) throw new AppError(404, APPLICANT_MESSAGES.notFound)
      return toApplicant(row)
    },

    /**
     * The admin edit form: the profile fields, and the status as a decision in the pipeline
     * (statusDecision), in one transaction. With the version the form was opened at, the edit is
     * refused when the applicant changed since (another admin's edit, a decision): the row is
     * locked first, so of two edits from one version exactly one is saved.
     */
    async update(
      id: string,
      input: z.output<typeof applicantUpdateInput>,
      actor: StaffActor,
    ): Promise<Applicant> {
      try {
        return await db.transaction(async (tx) => {
          const before = await repo.lockById(tx, id)
          if (!before) throw new AppError(404, APPLICANT_MESSAGES.notFound)
          if (input.version && Date.parse(input.version) !== before.updatedAt.getTime())
            throw new AppError(409, APPLICANT_MESSAGES.changed, 'APPLICANT_CHANGED')
          // Each changed field passes its rule; a value stored before a rule stays (issue 22).
          const checked = applicantUpdateFor(toApplicant(before)).safeParse(input)
          if (!checked.success)
            throw new AppError(
              400,
              checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
              errorCodes.validation,
            )
          const { status, version: _version, ...profile } = checked.data
          // An unchanged number that no country has (kept by migration 0014) stays as it was.
          const mobile =
            profile.mobile === before.mobile
              ? (canonicalMobile(before.mobile, config.defaultCountryCode) ?? before.mobile)
              : canonical(profile.mobile)
          await refuseClashes(tx, { email: profile.email, mobile }, id)
          await repo.update(tx, id, {
            ...profile,
            mobile,
            linkedinProfile: profile.linkedinProfile ?? null,
          })
          // The number is canonical and unique now: a report that migration 0014 made is resolved.
          if (canonicalMobile(mobile, config.defaultCountryCode) === mobile)
            await repo.clearMobileNumberIssue(tx, id)
          // Signed in through the old address or number: those sessions and codes end here.
          if (before.email !== profile.email || before.mobile !== mobile)
            await repo.endSignIns(tx, id)
          await decideStatus(tx, id, status, before.status, actor)
          return toApplicant((await repo.findById(tx, id))!)
        })
      } catch (error) {
        throw clashOf(error) ?? error
      }
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(db, id))) throw new AppError(404, APPLICANT_MESSAGES.notFound)
    },

    /**
     * A jury member (or admin) selects a submitted applicant: they advance from the round named,
     * or the round of their latest record, with the review time, activity, a single-use
     * confirmation link valid 14 days and its email, all or nothing. Two clicks at once select once.
     */
    async select(id: string, actor: StaffActor, roundId?: string): Promise<Applicant> {
      return db.transaction(async (tx) => {
        await pipelineRepo.lockApplicants(tx, [id])
        const round = roundId ?? (await pipeline.decisionRounds(tx, [id])).get(id)
        if (!round) {
          if (!(await repo.findById(tx, id))) throw new AppError(404, APPLICANT_MESSAGES.notFound)
          throw new AppError(409, APPLICANT_MESSAGES.notSubmitted)
        }
        await pipeline.decide(
          tx,
          { applicantId: id, roundId: round, decision: 'advanced' },
          decider(actor),
          { expectSubmitted: true },
        )
        return toApplicant((await repo.findById(tx, id))!)
      })
    },

    /** An admin's decision about an applicant in a round (POST /api/applicants/{id}/decision). */
    async decide(
      id: string,
      input: z.output<typeof decisionInput>,
      actor: StaffActor,
    ): Promise<Applicant> {
      return db.transaction(async (tx) => {
        await pipeline.decide(
          tx,
          {
            applicantId: id,
            roundId: input.roundId,
            decision: input.decision,
            note: input.note || null,
            prize: input.prize || null,
          },
          decider(actor),
        )
        return toApplicant((await repo.findById(tx, id))!)
      })
    },

    /** An applicant's records and history (staff). */
    async pipeline(id: string) {
      if (!(await repo.findById(db, id))) throw new AppError(404, APPLICANT_MESSAGES.notFound)
      return pipeline.of(db, id)
    },

    /** The emailed link: the same answer for an unknown, used or expired code. */
    /**
     * Whether `code_` would confirm someone now, without confirming: the same per-address limit
     * as confirming, and the same refusal.
     */
    async checkConfirmationCode(code_: string, address: string): Promise<void> {
      const limit = { key: `confirm:address:${address}`, max: 60, windowMs: 3_600_000 }
      const slot = await takeSlots(db, [limit], 'Too many attempts. Please try again later.')
      const live = await db.transaction((tx) => repo.liveConfirmationCode(tx, hashToken(code_)))
      if (!live) throw new AppError(400, APPLICANT_MESSAGES.invalidLink)
      await slot.release()
    },

    async confirmByCode(code_: string, address: string): Promise<void> {
      const limit = { key: `confirm:address:${address}`, max: 60, windowMs: 3_600_000 }
      // Each check takes its slot first, in one statement, and a success gives it back
      // (docs/decisions/018-atomic-limits-and-lockout.md).
      const slot = await takeSlots(db, [limit], 'Too many attempts. Please try again later.')
      const confirmed = await db.transaction(async (tx) => {
        const code = await repo.liveConfirmationCode(tx, hashToken(code_))
        if (!code) return false
        return pipeline.confirm(tx, code.applicantId, {
          kind: 'applicant',
          id: code.applicantId,
          name: code.name,
        })
      })
      if (!confirmed) throw new AppError(400, APPLICANT_MESSAGES.invalidLink)
      await slot.release()
    },
  }
}
