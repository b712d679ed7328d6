import { SUBMISSION_MESSAGES, type AnswerFile } from '@hackathon/contract'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { CONTENT_TYPES, fileKind } from '../../lib/file-sniff.js'
import { AppError } from '../../plugins/app-error.js'
import * as pipeline from '../pipeline/pipeline.repo.js'
import { submissionContext } from '../submissions/submissions.repo.js'
import * as repo from './answers.repo.js'

export type AnswersService = ReturnType<typeof createAnswersService>

type Upload = { filename: string; read: (maxBytes: number) => Promise<Buffer> }

export function createAnswersService({ db, config }: { db: Db; config: Config }) {
  return {
    /**
     * An applicant uploads a file answering one requirement, before submitting: the round must be
     * open to them, the file of a type the requirement allows (by name and by content) and within
     * its size limit, and their files together within ANSWER_STORAGE_MB_PER_APPLICANT
     * (docs/product/submissions.md#answers). Their earlier
     * unused uploads for the requirement are replaced. The applicant's row is locked, so two
     * uploads at once are counted one after the other.
     */
    async upload(
      applicantId: string,
      requirementId: string,
      upload: Upload,
      /** When the request arrived: the deadline is judged by it, however long the bytes take. */
      arrivedAt: Date | null = null,
    ): Promise<AnswerFile> {
      const wanted = await repo.requirement(db, requirementId)
      if (!wanted || wanted.removed)
        throw new AppError(404, 'This requirement is no longer part of the stage.')
      if (wanted.kind !== 'file')
        throw new AppError(400, `"${wanted.description}" takes a ${wanted.kind}, not a file`)
      // Refused before a byte is read when the round is not open to them.
      const before = await db.transaction((tx) =>
        submissionContext(tx, wanted.roundId, applicantId, arrivedAt),
      )
      if (before && before.access.access !== 'open')
        throw new AppError(403, before.access.message, before.access.code)
      const maxBytes = wanted.maxSizeMb * 1024 * 1024
      // Read before the transaction: no lock is held while the bytes arrive.
      const data = await upload.read(maxBytes).catch((error: { code?: string }) => {
        if (error?.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(
            413,
            SUBMISSION_MESSAGES.answerFileTooLarge(wanted.description, wanted.maxSizeMb),
          )
        throw error
      })
      const kind = fileKind(upload.filename, data, wanted.fileTypes as never[])
      if (!kind)
        throw new AppError(
          400,
          `Invalid File Type: "${wanted.description}" takes ${wanted.fileTypes.join(', ')} files whose content matches their name.`,
        )
      return db.transaction(async (tx) => {
        await pipeline.lockApplicants(tx, [applicantId])
        const context = await submissionContext(tx, wanted.roundId, applicantId, arrivedAt)
        if (!context?.person)
          throw new AppError(401, 'Your session has ended. Please sign in again.')
        if (context.access.access !== 'open')
          throw new AppError(403, context.access.message, context.access.code)
        await repo.dropUnusedUploads(tx, applicantId, requirementId)
        const stored = await repo.storedBytes(tx, applicantId)
        if (stored + data.length > config.answerStorageBytesPerApplicant)
          throw new AppError(
            413,
            'Your uploaded files have reached the storage allowed per participant. Please contact the organizers.',
          )
        const name = upload.filename.replace(/[/\\]/g, '_').slice(-200)
        return repo.insert(tx, {
          name,
          contentType: CONTENT_TYPES[kind as keyof typeof CONTENT_TYPES],
          data,
          ownerApplicantId: applicantId,
          requirementId,
        })
      })
    },

    async ownFile(id: string, applicantId: string) {
      const row = await repo.ownFile(db, id, applicantId)
      if (!row) throw new AppError(404, 'File not found')
      return row
    },

    async staffFile(id: string, viewer: { id: string; role: 'admin' | 'jury' }) {
      const row = await repo.staffFile(db, id, viewer.role === 'jury' ? viewer.id : null)
      if (!row) throw new AppError(404, 'File not found')
      return row
    },
  }
}
