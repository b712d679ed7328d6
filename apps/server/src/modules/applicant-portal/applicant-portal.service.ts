import type {
  Applicant,
  ApplicantDashboard,
  ApplicantRound,
  ApplicantSubmission,
  ProgressItem,
  StageDocument,
} from '@hackathon/contract'
import type { Db } from '../../db/client.js'
import { AppError } from '../../plugins/app-error.js'
import { toApplicant } from '../applicants/applicants.service.js'
import type { SubmissionsService } from '../submissions/submissions.service.js'
import { fileUrl } from '../files/files.routes.js'
import * as submissionsRepo from '../submissions/submissions.repo.js'
import * as repo from './applicant-portal.repo.js'

/** Statuses that unlock the rounds after the first active one (SPEC section 4). */
const UNLOCKING = new Set(['selected', 'confirmed', 'submitted'])

export type ApplicantPortalService = ReturnType<typeof createApplicantPortalService>

export function createApplicantPortalService({
  db,
  submissions,
}: {
  db: Db
  submissions: SubmissionsService
}) {
  async function mustFindApplicant(id: string) {
    const row = await repo.findApplicant(db, id)
    // A session outliving its applicant (deleted meanwhile) is simply over.
    if (!row) throw new AppError(401, 'Your session has ended. Please sign in again.')
    return row
  }

  /** Every round with whether it is locked for this applicant: the first active one is open to all. */
  async function roundsFor(status: string): Promise<ApplicantRound[]> {
    const rows = await repo.roundsInOrder(db)
    const reqs = await repo.requirementsOf(
      db,
      rows.map((r) => r.id),
    )
    const firstActive = rows.find((r) => r.status === 'active')?.id
    return rows.map((round) => ({
      id: round.id,
      name: round.name,
      description: round.description,
      status: round.status,
      startTime: round.startTime?.toISOString() ?? null,
      endTime: round.endTime?.toISOString() ?? null,
      requirements: reqs
        .filter((r) => r.roundId === round.id)
        .map((r) => ({ id: r.id, description: r.description })),
      prizes: round.prizes,
      locked: round.id !== firstActive && !UNLOCKING.has(status),
    }))
  }

  function progressOf(
    applicant: Applicant,
    m: Awaited<ReturnType<typeof repo.milestones>>,
  ): ProgressItem[] {
    const reachedSelection = !['registered', 'submitted', 'not_selected'].includes(applicant.status)
    const step = (
      id: string,
      description: string,
      at: string | null,
      done: boolean,
    ): ProgressItem => ({
      id,
      description,
      status: done ? 'completed' : 'pending',
      completedAt: done ? at : null,
      createdAt: applicant.createdAt,
    })
    return [
      step('registered', 'Registered for the hackathon', applicant.createdAt, true),
      step('selected', 'Selected by the jury', applicant.reviewedAt, reachedSelection),
      step(
        'confirmed',
        'Confirmed participation',
        m.confirmedAt?.toISOString() ?? null,
        applicant.status === 'confirmed' || m.confirmedAt !== null,
      ),
      step(
        'submitted',
        'Submitted a project',
        m.submittedAt?.toISOString() ?? null,
        m.submittedAt !== null,
      ),
      step(
        'reviewed',
        'Submission reviewed',
        m.reviewedAt?.toISOString() ?? null,
        m.reviewedAt !== null,
      ),
    ]
  }

  return {
    async dashboard(applicantId: string): Promise<ApplicantDashboard> {
      const applicant = toApplicant(await mustFindApplicant(applicantId))
      const [rounds, milestones] = await Promise.all([
        roundsFor(applicant.status),
        repo.milestones(db, applicantId),
      ])
      return {
        applicant,
        currentStatus: applicant.status,
        requiresConfirmation: applicant.status === 'selected',
        activeRounds: rounds.filter((r) => r.status === 'active'),
        progress: progressOf(applicant, milestones),
      }
    },

    async rounds(applicantId: string): Promise<ApplicantRound[]> {
      return roundsFor((await mustFindApplicant(applicantId)).status)
    },

    async submissions(applicantId: string): Promise<ApplicantSubmission[]> {
      const rows = await repo.submissionsOf(db, applicantId)
      const ids = rows.map((r) => r.id)
      const [docs, versions, repositories] = await Promise.all([
        submissionsRepo.documentsOfMany(db, ids),
        submissions.versions(ids),
        submissions.repositories(ids),
      ])
      return rows.map((s) => ({
        id: s.id,
        stageId: s.roundId,
        stageName: s.roundName,
        status: s.status,
        githubUrl: s.githubUrl,
        documents: docs
          .filter((d) => d.submissionId === s.id)
          .map((d) => ({
            name: d.description,
            url: d.templateFileId ? fileUrl(d.templateFileId) : '',
          })),
        createdAt: s.createdAt.toISOString(),
        submittedAt: s.submittedAt?.toISOString() ?? null,
        versions: versions.get(s.id) ?? [],
        repository: repositories.get(s.id) ?? null,
      }))
    },

    /** A stage's documents are its round's requirements, with their template files. */
    async documents(stageId: string): Promise<StageDocument[]> {
      if (!(await repo.findRound(db, stageId))) throw new AppError(404, 'Stage not found')
      return (await repo.requirementsOf(db, [stageId])).map((r) => ({
        id: r.id,
        name: r.templateName ?? r.description,
        description: r.description,
        isRequired: true,
        fileType: r.templateType ?? null,
        fileUrl: r.templateFileId ? fileUrl(r.templateFileId) : null,
      }))
    },

    async confirmParticipation(applicantId: string): Promise<Applicant> {
      const row = await db.transaction((tx) => repo.confirmIfSelected(tx, applicantId))
      if (!row) throw new AppError(409, 'Only a selected applicant can confirm participation')
      return toApplicant(row)
    },
  }
}
