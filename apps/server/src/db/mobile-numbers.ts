import { inArray, sql } from 'drizzle-orm'
import { canonicalMobile } from '../lib/mobile-number.js'
import { rowsOf, type Db } from './client.js'
import { applicants } from './schema/index.js'

/** What one run of the start-up step did. */
export interface MobileNumberMigration {
  /** Numbers that took their canonical form. */
  normalized: number
  /** Numbers left as they were: another applicant has them in canonical form. */
  duplicates: number
  /** Numbers left as they were: they cannot be phone numbers. */
  notPhoneNumbers: number
}

/** Rows per statement: a few thousand parameters, far below either driver's limit. */
const CHUNK = 2000

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

/**
 * The second half of migration 0014 (docs/decisions/019-mobile-numbers.md), run after the SQL
 * migrations, in one transaction: every applicant that the migration queued ('unchecked') gets
 * their number in canonical form, unless that cannot be done without a second applicant with one
 * number. Then the row stays as it was and is reported: 'duplicate' (with the applicant who keeps
 * the number: the one whose number already had the canonical form, else the earliest registered)
 * or 'not_a_phone_number'. Nothing is merged or deleted, and nothing can fail on a unique index:
 * a number moves only to a form that no row holds. Later starts find the queue empty.
 */
export async function normalizeStoredMobiles(
  db: Db,
  defaultCountryCode: string,
): Promise<MobileNumberMigration> {
  return db.transaction(async (tx) => {
    const queued = await rowsOf<{ id: string; mobile: string }>(
      tx,
      sql`select a.id, a.mobile
            from mobile_number_issues i join applicants a on a.id = i.applicant_id
           where i.kind = 'unchecked'
           order by a.created_at, a.id`,
    )
    const done: MobileNumberMigration = { normalized: 0, duplicates: 0, notPhoneNumbers: 0 }
    if (queued.length === 0) return done

    const canonicalOf = new Map(
      queued.map((row) => [row.id, canonicalMobile(row.mobile, defaultCountryCode)]),
    )
    const wanted = [...new Set(canonicalOf.values())].filter((m): m is string => m !== undefined)
    /** Who holds each canonical form: first the rows stored in it already. */
    const holder = new Map<string, string>()
    for (const part of chunks(wanted)) {
      const rows = await tx
        .select({ id: applicants.id, mobile: applicants.mobile })
        .from(applicants)
        .where(inArray(applicants.mobile, part))
      for (const row of rows) holder.set(row.mobile, row.id)
    }

    const moves: { id: string; mobile: string }[] = []
    const issues: { id: string; kind: string; canonical: string | null; heldBy: string | null }[] =
      []
    for (const row of queued) {
      const canonical = canonicalOf.get(row.id)
      if (!canonical) {
        issues.push({ id: row.id, kind: 'not_a_phone_number', canonical: null, heldBy: null })
        continue
      }
      const held = holder.get(canonical)
      if (held === row.id) continue
      if (held) {
        issues.push({ id: row.id, kind: 'duplicate', canonical, heldBy: held })
        continue
      }
      holder.set(canonical, row.id)
      moves.push({ id: row.id, mobile: canonical })
    }

    for (const part of chunks(moves))
      await tx.execute(sql`
        update applicants as a set mobile = v.mobile, updated_at = now()
          from (values ${sql.join(
            part.map((m) => sql`(${m.id}::uuid, ${m.mobile}::text)`),
            sql`, `,
          )}) as v(id, mobile)
         where a.id = v.id`)
    for (const part of chunks(issues))
      await tx.execute(sql`
        update mobile_number_issues as i
           set kind = v.kind, canonical = v.canonical, held_by = v.held_by
          from (values ${sql.join(
            part.map(
              (x) => sql`(${x.id}::uuid, ${x.kind}::text, ${x.canonical}::text, ${x.heldBy}::uuid)`,
            ),
            sql`, `,
          )}) as v(id, kind, canonical, held_by)
         where i.applicant_id = v.id`)
    // What is still unchecked was fine: normalized, or in canonical form already.
    await tx.execute(sql`delete from mobile_number_issues where kind = 'unchecked'`)

    done.normalized = moves.length
    done.duplicates = issues.filter((x) => x.kind === 'duplicate').length
    done.notPhoneNumbers = issues.length - done.duplicates
    return done
  })
}

/**
 * The line the server logs at every start while numbers wait for an organizer, naming the
 * applicants by registration ID (the first 20 of each kind); undefined when none wait.
 */
export async function describeMobileNumberIssues(db: Db): Promise<string | undefined> {
  const rows = await rowsOf<{ kind: string; registrationId: string }>(
    db,
    sql`select i.kind, a.registration_id as "registrationId"
          from mobile_number_issues i join applicants a on a.id = i.applicant_id
         where i.kind <> 'unchecked'
         order by a.registration_id`,
  )
  if (rows.length === 0) return undefined
  const part = (kind: string, what: string) => {
    const ids = rows.filter((r) => r.kind === kind).map((r) => r.registrationId)
    if (ids.length === 0) return []
    const more = ids.length > 20 ? `, and ${ids.length - 20} more` : ''
    const who = ids.length === 1 ? '1 applicant has' : `${ids.length} applicants have`
    return [`${who} a mobile number that ${what} (${ids.slice(0, 20).join(', ')}${more})`]
  }
  return (
    `Mobile numbers to resolve: ${[
      ...part('duplicate', 'another applicant has'),
      ...part('not_a_phone_number', 'cannot be a phone number'),
    ].join(
      '; ',
    )}. Edit each number from the applicant list (Edit applicant), or delete a duplicate registration ` +
    '(docs/decisions/019-mobile-numbers.md; the table mobile_number_issues lists them).'
  )
}
