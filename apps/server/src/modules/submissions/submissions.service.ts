import type {
  ApplicantSubmission,
  StaffSubmission,
  staffSubmissionQuery,
  SubmissionAnswer,
  submitStageInput,
} from '@hackathon/contract'
import { SUBMISSION_MESSAGES } from '@hackathon/contract'
import type { z } from 'zod'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import * as limitsRepo from '../limits/limits.repo.js'
import { AppError } from '../../plugins/app-error.js'
import type { EmailServiceApi } from '../email/email.service.js'
import type { GitHubService } from '../github/github.service.js'
import { answerFileUrl } from '../files/files.service.js'
import * as pipeline from '../pipeline/pipeline.repo.js'
import * as repo from './submissions.repo.js'

export type SubmissionsService = ReturnType<typeof createSubmissionsService>

/** Receipts wait a little and are coalesced per submission (stately: one queued, one running). */
export const RECEIPT_QUEUE = 'submission.receipt'

export async function startSubmissionWorkers(jobs: JobQueue, submissions: SubmissionsService) {
  await jobs.createQueue(RECEIPT_QUEUE, { policy: 'stately', retryLimit: 5, retryDelay: 10 })
  await jobs.work<{ submissionId: string }>(
    RECEIPT_QUEUE,
    { pollingIntervalSeconds: 1, batchSize: 1 },
    async ([job]) => {
      if (job) await submissions.sendReceipt(job.data.submissionId)
    },
  )
}

export function createSubmissionsService({
  db,
  config,
  jobs,
  email,
  github,
  reviewSummaries,
}: {
  db: Db
  config: Config
  jobs: JobQueue
  email: EmailServiceApi
  github: GitHubService
  /** The jury member's own review state per submission (issue 11). */
  reviewSummaries: (
    submissionIds: string[],
    jurorId: string,
  ) => Promise<Map<string, { assigned: boolean; total: number | null; savedAt: string | null }>>
}) {
  /** Versions of several submissions, newest first, keyed by submission. */
  async function versions(
    submissionIds: string[],
    urlOf: (fileId: string) => string = answerFileUrl,
  ): Promise<Map<string, ApplicantSubmission['versions']>> {
    const rows = await repo.versionsOf(db, submissionIds)
    const asked = await repo.requirementsStillAsked(
      db,
      rows.flatMap((v) => v.answers.map((a) => a.requirementId)),
    )
    const bySubmission = new Map<string, ApplicantSubmission['versions']>()
    for (const v of rows) {
      const list = bySubmission.get(v.submissionId) ?? []
      list.push({
        githubUrl: v.githubUrl,
        documents: v.documents,
        answers: v.answers.map((a) => ({
          ...a,
          current: asked.has(a.requirementId),
          file: a.file ? { ...a.file, url: urlOf(a.file.id) } : null,
        })),
        submittedAt: v.submittedAt.toISOString(),
      })
      bySubmission.set(v.submissionId, list)
    }
    return bySubmission
  }

  /**
   * The answers of several submissions, keyed by submission; each also as a "document"
   * (name and link), and the names of documents ticked before answers existed.
   */
  async function answers(
    submissionIds: string[],
    urlOf: (fileId: string) => string = answerFileUrl,
    conn: Db = db,
  ) {
    const rows = await repo.answersOfMany(conn, submissionIds)
    const legacy = await repo.legacyDocumentsOf(conn, submissionIds)
    const bySubmission = new Map<
      string,
      { answers: SubmissionAnswer[]; documents: { name: string; url: string | null }[] }
    >()
    const entry = (id: string) => {
      let e = bySubmission.get(id)
      if (!e) bySubmission.set(id, (e = { answers: [], documents: [] }))
      return e
    }
    for (const a of rows) {
      const file = a.file?.id
        ? { id: a.file.id, name: a.file.name!, size: a.file.size!, url: urlOf(a.file.id) }
        : null
      const e = entry(a.submissionId)
      e.answers.push({
        requirementId: a.requirementId,
        description: a.description,
        kind: a.kind,
        current: a.removedAt === null,
        file,
        url: a.url,
        text: a.text,
      })
      e.documents.push({ name: a.description, url: file?.url ?? a.url ?? null })
    }
    for (const l of legacy)
      for (const name of l.names) entry(l.id).documents.push({ name, url: null })
    return (id: string) => bySubmission.get(id) ?? { answers: [], documents: [] }
  }

  /**
   * The answers checked against the round's requirements: each belongs to a requirement of the
   * round, has the value its kind takes (a file the applicant uploaded for it, a link, a text),
   * and every required requirement is answered. Returns the answers to store.
   */
  async function checkAnswers(
    tx: Db,
    applicantId: string,
    requirements: repo.RequirementRow[],
    given: z.output<typeof submitStageInput>['answers'],
  ) {
    const byId = new Map(requirements.map((r) => [r.id, r]))
    const seen = new Set<string>()
    for (const a of given) {
      const requirement = byId.get(a.requirementId)
      if (!requirement) throw new AppError(400, SUBMISSION_MESSAGES.answerForeign)
      if (seen.has(a.requirementId))
        throw new AppError(400, `"${requirement.description}" is answered twice`)
      seen.add(a.requirementId)
      const kind = a.fileId ? 'file' : a.url ? 'link' : 'text'
      if (kind !== requirement.kind)
        throw new AppError(
          400,
          SUBMISSION_MESSAGES.answerKind(requirement.description, requirement.kind),
        )
    }
    const missing = requirements.find(
      (r) =>
        r.required && !given.some((a) => a.requirementId === r.id && (a.fileId || a.url || a.text)),
    )
    if (missing)
      throw new AppError(
        400,
        SUBMISSION_MESSAGES.answerMissing(missing.description),
        'ANSWER_MISSING',
      )
    const fileIds = given.flatMap((a) => (a.fileId ? [a.fileId] : []))
    const owned = await repo.answerFilesOf(tx, applicantId, fileIds)
    for (const a of given)
      if (a.fileId && owned.get(a.fileId) !== a.requirementId)
        throw new AppError(400, SUBMISSION_MESSAGES.answerFileMissing)
    // An empty text is no answer.
    return given.filter((a) => a.fileId || a.url || a.text)
  }

  return {
    /**
     * One submission per applicant and stage. Everything is decided inside one transaction by the
     * arrival time and the pipeline (docs/product/submissions.md): the round is locked against a
     * deadline change and the applicant against a decision; the round must be open to them
     * (accessOf); a resubmission keeps the previous version before it replaces it. A submission
     * never changes a decision.
     */
    async submit(
      applicantId: string,
      input: z.output<typeof submitStageInput>,
      /** When the request reached the server (request.arrivedAt): the deadline is judged by it. */
      arrivedAt: Date = new Date(),
    ): Promise<{ message: string; submissionId: string }> {
      // One applicant cannot spend everyone's GitHub and email quotas: resubmissions are
      // counted, the count deciding in one statement (docs/product/submissions.md#receipts).
      const limit = await limitsRepo.hitMany(
        db,
        `submit:applicant:${applicantId}`,
        1,
        config.submissionsPerApplicantPerHour,
        3_600_000,
      )
      if (limit.allowed === 0)
        throw new AppError(429, SUBMISSION_MESSAGES.tooMany, undefined, {
          'retry-after': String(Math.max(1, Math.ceil(limit.retryAfterMs / 1000))),
        })
      // GitHub is asked before the transaction: no lock is held while the network answers. The
      // deadline is judged by when the request arrived, taken before it waited for anything, so
      // neither a slow GitHub nor a queue for the database makes anybody late
      // (docs/product/submissions.md#deadlines, docs/decisions/024). The same repository checked
      // a minute ago is not asked again.
      const checkedRecently = github.enabled
        ? await repo.checkedRecently(
            db,
            { applicantId, roundId: input.stageId, githubUrl: input.githubUrl },
            60_000,
          )
        : false
      const snapshot = checkedRecently ? undefined : await github.check(input.githubUrl)
      return db.transaction(async (tx) => {
        const context = await repo.submissionContext(tx, input.stageId, applicantId, arrivedAt)
        if (!context) throw new AppError(404, SUBMISSION_MESSAGES.notFound)
        const { round, person, access } = context
        if (!person) throw new AppError(401, 'Your session has ended. Please sign in again.')
        if (access.access !== 'open') throw new AppError(403, access.message, access.code)
        const requirementIds = new Set(context.requirements.map((r) => r.id))
        if (input.documents.some((id) => !requirementIds.has(id)))
          throw new AppError(400, SUBMISSION_MESSAGES.foreignDocuments)
        const answersToStore = await checkAnswers(
          tx,
          applicantId,
          context.requirements,
          input.answers,
        )

        const inserted = await pipeline.insertFirstSubmission(tx, {
          applicantId,
          roundId: round.id,
          roundName: round.name,
          name: person.name,
          githubUrl: input.githubUrl,
          answers: answersToStore,
          arrivedAt,
        })
        const existing = inserted ? undefined : await repo.lockSubmission(tx, applicantId, round.id)
        let submission: { id: string; submittedAt: Date | null }
        if (existing) {
          const before = (await answers([existing.id], answerFileUrl, tx))(existing.id)
          await repo.insertVersion(tx, {
            submissionId: existing.id,
            githubUrl: existing.githubUrl,
            documents: before.documents.map((d) => d.name),
            answers: before.answers.map(({ current: _current, file, ...a }) => ({
              ...a,
              file: file ? { id: file.id, name: file.name, size: file.size } : null,
            })),
            submittedAt: existing.submittedAt ?? existing.createdAt,
          })
          submission = await repo.resubmit(tx, existing.id, input.githubUrl, arrivedAt)
          await pipeline.projectResubmission(tx, applicantId, input.githubUrl)
          await repo.replaceAnswers(tx, submission.id, answersToStore)
        } else if (inserted) {
          submission = inserted
        } else {
          // The submission that blocked the insert was deleted before it could be locked.
          throw new AppError(409, SUBMISSION_MESSAGES.changedMeanwhile)
        }
        if (snapshot) {
          await github.record(tx, submission.id, snapshot)
          // Arrived in time but recorded after the end: the round's freeze may have run already.
          if (round.recordedAfterEnd) await github.freezeLater(tx, round.id)
        }
        // One receipt for a burst of resubmissions, telling the last one (sendReceipt).
        await jobs.sendCoalesced(
          tx,
          RECEIPT_QUEUE,
          { submissionId: submission.id },
          {
            singletonKey: submission.id,
            startAfter: config.submissionReceiptDelaySeconds,
          },
        )
        return {
          message: existing ? SUBMISSION_MESSAGES.updated : SUBMISSION_MESSAGES.received,
          submissionId: submission.id,
        }
      })
    },

    answers,

    /** The receipt job: the submission as it stands when the job runs (the last one wins). */
    async sendReceipt(submissionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const receipt = await repo.receiptOf(tx, submissionId)
        if (!receipt) return
        await email.queue(tx, receipt.email, 'submission-receipt', {
          name: receipt.name,
          stageName: receipt.stageName,
          githubUrl: receipt.githubUrl,
          submittedAt: `${new Date(receipt.submittedAt).toISOString().replace('T', ' ').slice(0, 19)} UTC`,
        })
      })
    },
    versions,

    /** What GitHub reported about these submissions' repositories. */
    repositories: (ids: string[]) => github.checksFor(ids),

    /** The jury's view: submitted work with its applicant, documents and history. */
    async listForStaff(
      query: z.output<typeof staffSubmissionQuery>,
      viewer?: { id: string; role: 'admin' | 'jury' },
    ): Promise<{ submissions: StaffSubmission[]; total: number; totalPages: number }> {
      const juror = viewer?.role === 'jury' ? viewer.id : undefined
      const filter = {
        roundId: query.roundId,
        search: query.search || undefined,
        withoutConflictsOf: juror,
      }
      const [rows, total] = await Promise.all([
        repo.staffPage(db, filter, query.limit, (query.page - 1) * query.limit),
        repo.staffCount(db, filter),
      ])
      const ids = rows.map((r) => r.id)
      const [given, history, repositories, mine] = await Promise.all([
        answers(ids),
        versions(ids),
        github.checksFor(ids),
        juror ? reviewSummaries(ids, juror) : Promise.resolve(new Map()),
      ])
      return {
        submissions: rows.map((r) => ({
          ...r,
          submittedAt: r.submittedAt?.toISOString() ?? null,
          ...given(r.id),
          versions: history.get(r.id) ?? [],
          repository: repositories.get(r.id) ?? null,
          myReview: juror
            ? (mine.get(r.id) ?? { assigned: false, total: null, savedAt: null })
            : null,
        })),
        total,
        totalPages: Math.ceil(total / query.limit),
      }
    },
  }
}
