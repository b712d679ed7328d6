import { SELECTED_PIPELINE_STATES, type StoredPipelineState } from '@hackathon/contract'
import { sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.js'
import { literalList, nextVersion } from '../../db/sql.js'

/** A stored state of a pipeline entry (docs/product/pipeline.md#states). */
export type StoredState = StoredPipelineState

/** For `state in (${SELECTED_STATES})`: the states counted as selected (docs/product/pipeline.md#figures). */
export const SELECTED_STATES = literalList(SELECTED_PIPELINE_STATES)

/** Rounds in stage order: position, then creation for a tie (docs/product/pipeline.md#order). */
export const ROUND_ORDER = sql`position asc, created_at asc, id asc`

export type OrderedRound = {
  id: string
  name: string
  position: number
  status: 'upcoming' | 'active' | 'completed'
  startTime: Date | null
  endTime: Date | null
}

export function orderedRounds(db: Db): Promise<OrderedRound[]> {
  return rowsOf<OrderedRound>(
    db,
    sql`select id, name, position, status, start_time as "startTime", end_time as "endTime"
          from rounds order by ${ROUND_ORDER}`,
  ).then((rows) =>
    rows.map((r) => ({
      ...r,
      startTime: r.startTime ? new Date(r.startTime) : null,
      endTime: r.endTime ? new Date(r.endTime) : null,
    })),
  )
}

/** Which applicants a projection recomputes. */
export type ProjectionTarget =
  | { all: true }
  | { applicantIds: string[] }
  /** Everyone with a record in these rounds (a round renamed, moved or deleted). */
  | { hasEntries: true }

const idsJson = (ids: string[]) =>
  sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`

/**
 * THE mapping from the pipeline to the applicant fields the screens use (docs/product/pipeline.md#status):
 * the applicant's latest record (by stage order) decides.
 *
 * | latest record            | status       | current stage                                |
 * | none                     | registered   | none                                         |
 * | submitted                | submitted    | its round                                    |
 * | advanced, not confirmed  | selected     | the next round (its round in the last round) |
 * | advanced, confirmed      | confirmed    | the next round (its round in the last round) |
 * | won                      | won          | its round                                    |
 * | not_advanced / withdrawn | not_selected | its round                                    |
 *
 * reviewed_at is the record's decision time; github_url the repository of the latest round the
 * applicant submitted to. Written only here, in the transaction that changed the pipeline, and
 * only where a value differs. Migration 0011 ran the same statement for everyone.
 */
export async function project(db: Db, target: ProjectionTarget): Promise<void> {
  if ('applicantIds' in target && target.applicantIds.length === 0) return
  const scope: SQL =
    'all' in target
      ? sql`true`
      : 'hasEntries' in target
        ? sql`x.id in (select applicant_id from pipeline_entries)`
        : sql`x.id in ${idsJson(target.applicantIds)}`
  await db.execute(sql`
    update applicants a
       set status = p.status, current_stage = p.stage_name, stage_round_id = p.stage_round_id,
           reviewed_at = p.reviewed_at, github_url = p.github_url, updated_at = ${nextVersion(sql`a.updated_at`)}
      from (
        select x.id,
               case l.state when 'submitted' then 'submitted'
                            when 'advanced' then case when l.confirmed_at is null then 'selected' else 'confirmed' end
                            when 'won' then 'won'
                            when 'not_advanced' then 'not_selected'
                            when 'withdrawn' then 'not_selected'
                            else 'registered' end as status,
               case when l.state = 'advanced' and nx.id is not null then nx.id else l.round_id end as stage_round_id,
               case when l.state = 'advanced' and nx.id is not null then nx.name else l.round_name end as stage_name,
               l.decided_at as reviewed_at,
               (select s.github_url from submissions s join rounds sr on sr.id = s.round_id
                 where s.applicant_id = x.id order by sr.position desc, sr.created_at desc limit 1) as github_url
          from applicants x
          left join lateral (
            select e.round_id, r.name as round_name, r.position, r.created_at, e.state, e.confirmed_at, e.decided_at
              from pipeline_entries e join rounds r on r.id = e.round_id
             where e.applicant_id = x.id
             order by r.position desc, r.created_at desc limit 1) l on true
          left join lateral (
            select n.id, n.name from rounds n
             where (n.position, n.created_at) > (l.position, l.created_at)
             order by n.position, n.created_at limit 1) nx on true
         where ${scope}
      ) p
     where a.id = p.id
       and (a.status, a.current_stage, a.stage_round_id, a.reviewed_at, a.github_url)
           is distinct from (p.status, p.stage_name, p.stage_round_id, p.reviewed_at, p.github_url)`)
}

/**
 * Takes the applicants' rows for this transaction: every change of their pipeline (a decision, a
 * submission, a confirmation, an upload) queues here, in id order so two batches cannot deadlock.
 * NO KEY UPDATE: rows that only reference the applicant (a session, a code) are not held up.
 */
export async function lockApplicants(db: Db, ids: string[]) {
  if (ids.length === 0) return []
  return rowsOf<{ id: string; name: string; email: string }>(
    db,
    sql`select id, name, email from applicants where id in ${idsJson(ids)}
         order by id for no key update`,
  )
}

export type Facts = {
  i: number
  applicantId: string
  roundId: string
  roundExists: boolean
  roundName: string | null
  isFirst: boolean
  isFinal: boolean
  previousName: string | null
  previousState: StoredState | null
  state: StoredState | null
  prize: string | null
  note: string | null
  confirmedAt: string | null
  laterRecord: boolean
  hasSubmission: boolean
}

/**
 * What a decision needs to know, for many (applicant, round) pairs in one statement: the round,
 * the one before it and the applicant's record there, their record in this round, whether they
 * already have one in a later round, and whether they submitted here.
 */
export function facts(db: Db, pairs: { applicantId: string; roundId: string }[]): Promise<Facts[]> {
  if (pairs.length === 0) return Promise.resolve([])
  const rows = pairs.map((p, i) => ({ i, applicant_id: p.applicantId, round_id: p.roundId }))
  return rowsOf<Facts>(
    db,
    sql`select v.i, v.applicant_id as "applicantId", v.round_id as "roundId",
               r.id is not null as "roundExists", r.name as "roundName",
               prev.id is null as "isFirst",
               not exists (select 1 from rounds x where (x.position, x.created_at) > (r.position, r.created_at)) as "isFinal",
               prev.name as "previousName", pe.state as "previousState",
               e.state, e.prize, e.note, e.confirmed_at::text as "confirmedAt",
               exists (select 1 from pipeline_entries le join rounds lr on lr.id = le.round_id
                        where le.applicant_id = v.applicant_id
                          and (lr.position, lr.created_at) > (r.position, r.created_at)) as "laterRecord",
               exists (select 1 from submissions s
                        where s.applicant_id = v.applicant_id and s.round_id = v.round_id) as "hasSubmission"
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(i int, applicant_id uuid, round_id uuid)
          left join rounds r on r.id = v.round_id
          left join lateral (
            select p.id, p.name from rounds p
             where (p.position, p.created_at) < (r.position, r.created_at)
             order by p.position desc, p.created_at desc limit 1) prev on true
          left join pipeline_entries pe on pe.round_id = prev.id and pe.applicant_id = v.applicant_id
          left join pipeline_entries e on e.round_id = v.round_id and e.applicant_id = v.applicant_id
         order by v.i`,
  )
}

/** Each applicant's latest record, by stage order (none: not in the pipeline yet). */
export function latestRecords(db: Db, applicantIds: string[]) {
  if (applicantIds.length === 0) return Promise.resolve([])
  return rowsOf<{ applicantId: string; roundId: string; state: StoredState }>(
    db,
    sql`select distinct on (e.applicant_id) e.applicant_id as "applicantId", e.round_id as "roundId", e.state
          from pipeline_entries e join rounds r on r.id = e.round_id
         where e.applicant_id in ${idsJson(applicantIds)}
         order by e.applicant_id, r.position desc, r.created_at desc`,
  )
}

export type Change = {
  applicantId: string
  roundId: string
  state: StoredState
  prize: string | null
  note: string | null
}

/**
 * Writes decisions: the record of each (round, applicant) takes its new state. A decision clears
 * the confirmation of an earlier advance; returning to `submitted` clears the decision.
 */
export async function writeDecisions(
  db: Db,
  changes: Change[],
  decider: { id: string | null; name: string },
): Promise<void> {
  if (changes.length === 0) return
  await db.execute(sql`
    insert into pipeline_entries (round_id, applicant_id, state, prize, note, decided_by_id, decided_by_name, decided_at)
    select v.round_id, v.applicant_id, v.state, v.prize, v.note,
           case when v.state = 'submitted' then null else ${decider.id}::uuid end,
           case when v.state = 'submitted' then null else ${decider.name} end,
           case when v.state = 'submitted' then null else now() end
      from jsonb_to_recordset(${JSON.stringify(
        changes.map((c) => ({
          round_id: c.roundId,
          applicant_id: c.applicantId,
          state: c.state,
          prize: c.prize,
          note: c.note,
        })),
      )}::jsonb) as v(round_id uuid, applicant_id uuid, state text, prize text, note text)
    on conflict (round_id, applicant_id) do update
       set state = excluded.state, prize = excluded.prize, note = excluded.note,
           decided_by_id = excluded.decided_by_id, decided_by_name = excluded.decided_by_name,
           decided_at = excluded.decided_at,
           confirmed_at = case when pipeline_entries.state = excluded.state then pipeline_entries.confirmed_at end,
           updated_at = now()`)
}

export type EventRow = {
  roundId: string
  applicantId: string
  fromState: string
  toState: string
  note?: string | null
}

export type Actor =
  | { kind: 'staff'; id: string; name: string }
  | { kind: 'applicant'; id: string; name: string }
  | { kind: 'system'; name: string }

export async function recordEvents(db: Db, events: EventRow[], actor: Actor): Promise<void> {
  if (events.length === 0) return
  await db.execute(sql`
    insert into pipeline_events (round_id, round_name, applicant_id, from_state, to_state, actor_kind, actor_id, actor_name, note)
    select v.round_id, r.name, v.applicant_id, v.from_state, v.to_state, ${actor.kind},
           ${'id' in actor ? actor.id : null}::uuid, ${actor.name}, v.note
      from jsonb_to_recordset(${JSON.stringify(
        events.map((e) => ({
          round_id: e.roundId,
          applicant_id: e.applicantId,
          from_state: e.fromState,
          to_state: e.toState,
          note: e.note ?? null,
        })),
      )}::jsonb) as v(round_id uuid, applicant_id uuid, from_state text, to_state text, note text)
      join rounds r on r.id = v.round_id`)
}

/**
 * The first submission of an applicant to a round, in one statement: the submission with its
 * answers, their record there (`submitted`), the history and the activity feed, and the
 * applicant's projection. The caller checked under the applicant's lock that the round is open to
 * them, so this round is their latest record and the projection is exactly what `project` would
 * compute: submitted, in this round, not reviewed, with this repository (the pipeline tests
 * compare the two). Undefined, with nothing written, when they already have a submission there
 * (a concurrent first submission of theirs makes this wait for it, then do nothing).
 */
export async function insertFirstSubmission(
  db: Db,
  s: {
    applicantId: string
    roundId: string
    roundName: string
    name: string
    githubUrl: string
    answers: { requirementId: string; fileId?: string; url?: string; text?: string }[]
    /** When it arrived (it may be recorded later, after a slow GitHub); now() when null. */
    arrivedAt: Date | null
  },
) {
  const at = s.arrivedAt ? sql`${s.arrivedAt.toISOString()}::timestamptz` : sql`now()`
  const [row] = await rowsOf<{ id: string; submittedAt: string }>(
    db,
    sql`
    with sub as (
      insert into submissions (applicant_id, round_id, github_url, status, submitted_at)
      values (${s.applicantId}, ${s.roundId}, ${s.githubUrl}, 'submitted', ${at})
      on conflict (applicant_id, round_id) do nothing
      returning id, submitted_at),
    answer as (
      insert into submission_answers (submission_id, requirement_id, file_id, url, text)
      select sub.id, v.requirement_id, v.file_id, v.url, v.text
        from sub, jsonb_to_recordset(${JSON.stringify(
          s.answers.map((a) => ({
            requirement_id: a.requirementId,
            file_id: a.fileId ?? null,
            url: a.url ?? null,
            text: a.text ?? null,
          })),
        )}::jsonb) as v(requirement_id uuid, file_id uuid, url text, text text)),
    entry as (
      insert into pipeline_entries (round_id, applicant_id, state)
      select ${s.roundId}, ${s.applicantId}, 'submitted' from sub
      on conflict (round_id, applicant_id) do nothing
      returning round_id),
    event as (
      insert into pipeline_events (round_id, round_name, applicant_id, from_state, to_state, actor_kind, actor_id, actor_name)
      select round_id, ${s.roundName}, ${s.applicantId}, 'eligible', 'submitted', 'applicant', ${s.applicantId}::uuid, ${s.name}
        from entry),
    projection as (
      update applicants
         set status = 'submitted', current_stage = ${s.roundName}, stage_round_id = ${s.roundId},
             reviewed_at = null, github_url = ${s.githubUrl}, updated_at = ${nextVersion(sql`updated_at`)}
       where id = ${s.applicantId} and exists (select 1 from sub)
      returning id),
    feed as (
      insert into activity (type, name, action, applicant_id)
      select 'submission', ${s.name}, ${`submitted to ${s.roundName}`}, ${s.applicantId} from sub)
    select id, submitted_at as "submittedAt" from sub`,
  )
  return row ? { id: row.id, submittedAt: new Date(row.submittedAt) } : undefined
}

/** A resubmission to the applicant's latest round: their repository is the new one. */
export async function projectResubmission(db: Db, applicantId: string, githubUrl: string) {
  await db.execute(
    sql`update applicants set github_url = ${githubUrl}, updated_at = ${nextVersion(sql`updated_at`)}
         where id = ${applicantId} and github_url is distinct from ${githubUrl}`,
  )
}

/**
 * Confirms the applicant's latest record when it is an unconfirmed advance; the round's id when
 * it did, undefined otherwise.
 */
export async function confirmLatest(db: Db, applicantId: string): Promise<string | undefined> {
  const [row] = await rowsOf<{ roundId: string }>(
    db,
    sql`update pipeline_entries e set confirmed_at = now(), updated_at = now()
          from (select le.id from pipeline_entries le join rounds r on r.id = le.round_id
                 where le.applicant_id = ${applicantId}
                 order by r.position desc, r.created_at desc limit 1) latest
         where e.id = latest.id and e.state = 'advanced' and e.confirmed_at is null
        returning e.round_id as "roundId"`,
  )
  return row?.roundId
}

/** One applicant's records, in stage order. */
export function entriesOf(db: Db, applicantId: string) {
  return rowsOf<{
    roundId: string
    roundName: string
    position: number
    state: StoredState
    prize: string | null
    note: string | null
    decidedBy: string | null
    decidedAt: string | null
    confirmedAt: string | null
  }>(
    db,
    sql`select e.round_id as "roundId", r.name as "roundName", r.position, e.state, e.prize, e.note,
               e.decided_by_name as "decidedBy", e.decided_at as "decidedAt", e.confirmed_at as "confirmedAt"
          from pipeline_entries e join rounds r on r.id = e.round_id
         where e.applicant_id = ${applicantId}
         order by r.position, r.created_at`,
  )
}

/** One applicant's history, oldest first. */
export function eventsOf(db: Db, applicantId: string) {
  return rowsOf<{
    id: string
    roundName: string
    fromState: string
    toState: string
    actorKind: string
    actor: string
    note: string | null
    at: string
  }>(
    db,
    sql`select id, round_name as "roundName", from_state as "fromState", to_state as "toState",
               actor_kind as "actorKind", actor_name as actor, note, created_at as at
          from pipeline_events where applicant_id = ${applicantId}
         order by created_at, id`,
  )
}

/** Undoes decisions made without a submission: the record goes, the round is open to them again. */
export async function removeRecords(
  db: Db,
  pairs: { applicantId: string; roundId: string }[],
): Promise<void> {
  if (pairs.length === 0) return
  await db.execute(sql`
    delete from pipeline_entries e
     using jsonb_to_recordset(${JSON.stringify(
       pairs.map((p) => ({ applicant_id: p.applicantId, round_id: p.roundId })),
     )}::jsonb) as v(applicant_id uuid, round_id uuid)
     where e.applicant_id = v.applicant_id and e.round_id = v.round_id`)
}

export async function insertConfirmationCodes(
  db: Db,
  values: { applicantId: string; codeHash: string; expiresAt: Date }[],
): Promise<void> {
  if (values.length === 0) return
  await db.execute(sql`
    insert into confirmation_codes (applicant_id, code_hash, expires_at)
    select v.applicant_id, v.code_hash, v.expires_at
      from jsonb_to_recordset(${JSON.stringify(
        values.map((v) => ({
          applicant_id: v.applicantId,
          code_hash: v.codeHash,
          expires_at: v.expiresAt.toISOString(),
        })),
      )}::jsonb) as v(applicant_id uuid, code_hash text, expires_at timestamptz)`)
}

/** Once the applicant confirmed, their open links are used up. */
export async function useConfirmationCodes(db: Db, applicantId: string): Promise<void> {
  await db.execute(
    sql`update confirmation_codes set used_at = now() where applicant_id = ${applicantId} and used_at is null`,
  )
}

/** Activity items for many selections in one statement (one parameter, whatever their number). */
export async function recordSelections(
  db: Db,
  items: { name: string; action: string; applicantId: string }[],
): Promise<void> {
  if (items.length === 0) return
  await db.execute(sql`
    insert into activity (type, name, action, applicant_id)
    select 'selection', v.name, v.action, v.applicant_id
      from jsonb_to_recordset(${JSON.stringify(
        items.map((i) => ({ name: i.name, action: i.action, applicant_id: i.applicantId })),
      )}::jsonb) as v(name text, action text, applicant_id uuid)`)
}
