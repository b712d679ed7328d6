import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { applicants } from './applicants.js'
import { createdAt, id } from './columns.js'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * Uploaded files live in the database, so a database backup is a backup of everything and any
 * instance can serve any file (docs/architecture.md#data).
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    /** Set for an applicant's answer: only its owner and staff may read it. Null for a template, which is public. */
    ownerApplicantId: uuid('owner_applicant_id').references(() => applicants.id, {
      onDelete: 'cascade',
    }),
    /** The requirement the answer file was uploaded for (no key: requirements are kept, never deleted). */
    requirementId: uuid('requirement_id'),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_applicant_idx').on(t.ownerApplicantId)],
)
