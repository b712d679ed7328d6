import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'

/** Every table's id: random, so ids leak nothing about counts or order. */
export const id = () => uuid('id').primaryKey().defaultRandom()
/** Times are timestamptz in UTC (docs/architecture.md#data). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
export const createdAt = () => timestamptz('created_at').notNull().defaultNow()
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow()
/** A required reference to another row, deleted along with it (`not null`, `on delete cascade`). */
export const cascadeRef = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' })
