import { createHash } from 'node:crypto'
import { TEMPLATE_EXTENSIONS, type StoredFile } from '@hackathon/contract'
import type { Db } from '../../db/client.js'
import { CONTENT_TYPES, templateKind } from '../../lib/file-sniff.js'
import { AppError } from '../../plugins/app-error.js'
import * as repo from './files.repo.js'

/** Where a template file is downloaded (public: templates are handed to every participant). */
export const fileUrl = (id: string) => `/api/files/${id}`
/** An applicant's answer file: staff read it here, its owner at applicantAnswerFileUrl. */
export const answerFileUrl = (id: string) => `/api/answer-files/${id}`
export const applicantAnswerFileUrl = (id: string) => `/api/applicant/answer-files/${id}`

export type FilesService = ReturnType<typeof createFilesService>

/** Template files of the rounds' requirements, stored in the database (docs/architecture.md#data). */
export function createFilesService({ db }: { db: Db }) {
  return {
    /** Stores an uploaded template when its content matches its name's type. */
    async uploadTemplate(filename: string, data: Buffer): Promise<StoredFile> {
      const kind = templateKind(filename, data)
      if (!kind)
        throw new AppError(
          400,
          `Invalid File Type: templates must be ${TEMPLATE_EXTENSIONS.join(', ')} files whose content matches their name.`,
        )
      const row = await repo.insert(db, {
        name: filename.replace(/[/\\]/g, '_').slice(-200),
        contentType: CONTENT_TYPES[kind],
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        data,
      })
      return { ...row, url: fileUrl(row.id) }
    },

    /** A template file to download; an applicant's answer file is never served as one. */
    async template(id: string) {
      const row = await repo.findTemplate(db, id)
      if (!row) throw new AppError(404, 'File not found')
      return row
    },
  }
}
