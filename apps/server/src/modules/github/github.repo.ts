import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rounds, submissionRepositories, submissions } from '../../db/schema/index.js'

export type RepositoryRow = typeof submissionRepositories.$inferSelect
export type NewRepositoryRow = typeof submissionRepositories.$inferInsert

/** The submission's repository row, replaced whole: a resubmission pins afresh. */
export async function replace(db: Db, values: NewRepositoryRow): Promise<void> {
  await db
    .insert(submissionRepositories)
    .values(values)
    .onConflictDoUpdate({
      target: submissionRepositories.submissionId,
      set: {
        owner: values.owner,
        repo: values.repo,
        state: values.state,
        defaultBranch: values.defaultBranch ?? null,
        pinnedSha: values.pinnedSha ?? null,
        pinnedAt: values.pinnedAt ?? null,
        isFork: values.isFork ?? null,
        isArchived: values.isArchived ?? null,
        repoCreatedAt: values.repoCreatedAt ?? null,
        checkedAt: values.checkedAt ?? null,
        frozenSha: null,
        frozenAt: null,
        commitsAfterDeadline: null,
        pushedAfter: [],
        historyRewritten: false,
        comparedAt: null,
      },
    })
}

export async function find(db: Db, submissionId: string): Promise<RepositoryRow | undefined> {
  const [row] = await db
    .select()
    .from(submissionRepositories)
    .where(eq(submissionRepositories.submissionId, submissionId))
  return row
}

export async function update(
  db: Db,
  submissionId: string,
  values: Partial<NewRepositoryRow>,
): Promise<void> {
  await db
    .update(submissionRepositories)
    .set(values)
    .where(eq(submissionRepositories.submissionId, submissionId))
}

/** The repository rows of these submissions, with their round's start (for the 'created before' flag). */
export function forSubmissions(db: Db, submissionIds: string[]) {
  if (submissionIds.length === 0) return Promise.resolve([])
  return db
    .select({ row: submissionRepositories, roundStart: rounds.startTime })
    .from(submissionRepositories)
    .innerJoin(submissions, eq(submissions.id, submissionRepositories.submissionId))
    .innerJoin(rounds, eq(rounds.id, submissions.roundId))
    .where(inArray(submissionRepositories.submissionId, submissionIds))
}

/** The round's end time as stored now, to tell a current freeze job from a superseded one. */
export async function roundEnd(db: Db, roundId: string): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ endTime: rounds.endTime, past: sql<boolean>`${rounds.endTime} <= now()` })
    .from(rounds)
    .where(eq(rounds.id, roundId))
  return row ? row.endTime : undefined
}

/** The round's submitted repositories that are not frozen yet. */
export function unfrozen(db: Db, roundId: string) {
  return db
    .select({ row: submissionRepositories })
    .from(submissionRepositories)
    .innerJoin(submissions, eq(submissions.id, submissionRepositories.submissionId))
    .where(
      and(
        eq(submissions.roundId, roundId),
        isNull(submissionRepositories.frozenSha),
        sql`${submissionRepositories.state} <> 'missing'`,
      ),
    )
}

/** The round's frozen repositories, for the compare check. */
export function frozen(db: Db, roundId: string) {
  return db
    .select({ row: submissionRepositories })
    .from(submissionRepositories)
    .innerJoin(submissions, eq(submissions.id, submissionRepositories.submissionId))
    .where(and(eq(submissions.roundId, roundId), isNotNull(submissionRepositories.frozenSha)))
}
