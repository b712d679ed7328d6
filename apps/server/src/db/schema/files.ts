import { customType, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.js'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * Uploaded files live in the database, so a database backup is a backup of everything and any
 * instance can serve any file (ARCHITECTURE.md, Data).
 */
export const files = pgTable('files', {
  id: id(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
})
