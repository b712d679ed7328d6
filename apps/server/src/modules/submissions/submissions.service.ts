import type {
  ApplicantSubmission,
  StaffSubmission,
  staffSubmissionQuery,
  submitStageInput,
} from '@hackathon/contract'
import { SUBMISSION_MESSAGES } from '@hackathon/contract'
import type { z } from 'zod'
import type { Db } from '../../db/client.js'
import { AppError } from '../../plugins/app-error.js'
import type { EmailServiceApi } from '../email/email.service.js'
import type { GitHubService } from '../github/github.service.js'
import { fileUrl } from '../files/files.routes.js'
import * as repo from './submissions.repo.js'

/** Statuses that open the rounds after the first active one (SPEC section 4). */
const UNLOCKING = new Set(['selected', 'confirmed', 'submitted'])

export type SubmissionsService = ReturnType<typeof createSubmissionsService>

export function createSubmissionsService({
  db,
  email,
  github,
  reviewSummaries,
}: {
  db: Db
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
  ): Promise<Map<string, ApplicantSubmission['versions']>> {
    const rows = await repo.versionsOf(db, submissionIds)
    const bySubmission = new Map<string, ApplicantSubmission['versions']>()
    for (const v of rows) {
      const list = bySubmission.get(v.submissionId) ?? []
      list.push({
        githubUrl: v.githubUrl,
        documents: v.documents,
        submittedAt: v.submittedAt.toISOString(),
      })
      bySubmission.set(v.submissionId, list)
    }
    return bySubmission
  }

  return {
    /**
     * One submission per applicant and stage. Everything is decided inside one transaction by the
     * database clock: the round is locked against a deadline change, expiry is `end_time <= now()`,
     * and a resubmission keeps the previous version before it replaces it.
     */
    async submit(
      applicantId: string,
      input: z.output<typeof submitStageInput>,
    ): Promise<{ message: string; submissionId: string }> {
      // GitHub is asked before the transaction: no lock is held while the network answers.
      const snapshot = await github.check(input.githubUrl)
      return db.transaction(async (tx) => {
        const context = await repo.submissionContext(tx, input.stageId, applicantId)
        if (!context) throw new AppError(404, SUBMISSION_MESSAGES.notFound)
        const { round, person } = context
        if (round.status !== 'active' || round.notStarted)
          throw new AppError(403, SUBMISSION_MESSAGES.inactive)
        if (round.expired) throw new AppError(403, SUBMISSION_MESSAGES.expired)
        if (!person) throw new AppError(401, 'Your session has ended. Please sign in again.')
        if (round.id !== context.firstActiveRoundId && !UNLOCKING.has(person.status)) {
          throw new AppError(403, SUBMISSION_MESSAGES.mustBeSelected)
        }
        const allowed = new Map(context.requirements.map((r) => [r.id, r.description]))
        const documents = [...new Set(input.documents)]
        if (documents.some((id) => !allowed.has(id)))
          throw new AppError(400, SUBMISSION_MESSAGES.foreignDocuments)

        const inserted = await repo.insertFirstSubmission(tx, {
          applicantId,
          roundId: round.id,
          githubUrl: input.githubUrl,
        })
        const existing = inserted ? undefined : await repo.lockSubmission(tx, applicantId, round.id)
        let submission
        if (existing) {
          await repo.insertVersion(tx, {
            submissionId: existing.id,
            githubUrl: existing.githubUrl,
            documents: await repo.documentNames(tx, existing.id),
            submittedAt: existing.submittedAt ?? existing.createdAt,
          })
          submission = await repo.resubmit(tx, existing.id, input.githubUrl)
          await repo.setApplicantRepository(tx, applicantId, input.githubUrl)
        } else if (inserted) {
          submission = inserted
          await repo.markFirstSubmission(tx, {
            applicantId,
            name: person.name,
            roundName: round.name,
            githubUrl: input.githubUrl,
          })
        } else {
          // The submission that blocked the insert was deleted before it could be locked.
          throw new AppError(409, SUBMISSION_MESSAGES.changedMeanwhile)
        }
        await repo.replaceDocuments(tx, submission.id, documents, { fresh: !existing })
        if (snapshot) await github.record(tx, submission.id, snapshot)
        await email.queue(tx, person.email, 'submission-receipt', {
          name: person.name,
          stageName: round.name,
          githubUrl: input.githubUrl,
          submittedAt: `${submission.submittedAt!.toISOString().replace('T', ' ').slice(0, 19)} UTC`,
        })
        return {
          message: existing ? SUBMISSION_MESSAGES.updated : SUBMISSION_MESSAGES.received,
          submissionId: submission.id,
        }
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
      const [docs, history, repositories, mine] = await Promise.all([
        repo.documentsOfMany(db, ids),
        versions(ids),
        github.checksFor(ids),
        juror ? reviewSummaries(ids, juror) : Promise.resolve(new Map()),
      ])
      return {
        submissions: rows.map((r) => ({
          ...r,
          submittedAt: r.submittedAt?.toISOString() ?? null,
          documents: docs
            .filter((d) => d.submissionId === r.id)
            .map((d) => ({
              name: d.description,
              url: d.templateFileId ? fileUrl(d.templateFileId) : null,
            })),
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
