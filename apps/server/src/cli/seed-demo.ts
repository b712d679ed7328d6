/**
 * `npm run seed:demo -- --applicants 100000 [--seed 1]`: fills an empty database (the embedded
 * one in DATA_DIR, or DATABASE_URL) with a realistic event for demos and benchmarks (issue 12):
 * applicants across 200 colleges and every status, the four stages as rounds, journeys
 * through them in the pipeline with their submissions, and the activity feed. The same seed gives the same event.
 */
import { sql } from 'drizzle-orm'
import { STAGES } from '@hackathon/contract'
import { loadConfig } from '../config.js'
import { rowsOf, type Db } from '../db/client.js'
import { openConfiguredDatabase } from '../db/open.js'
import { project } from '../modules/pipeline/pipeline.repo.js'

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(name)
  if (at === -1) return fallback
  const value = Number(process.argv[at + 1])
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a whole number above 0`)
  return value
}

/** mulberry32: a small, fast, seedable generator (repeatable events, not cryptography). */
function generator(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! }
}

const FIRST = [
  'Aarav',
  'Diya',
  'Ishaan',
  'Ananya',
  'Vihaan',
  'Saanvi',
  'Kabir',
  'Meera',
  'Arjun',
  'Zoya',
  'Rohan',
  'Priya',
  'Aditya',
  'Nisha',
  'Kiran',
  'Tara',
  'Dev',
  'Leela',
  'Omar',
  'Sara',
  'Yusuf',
  'Fatima',
  'Ravi',
  'Lakshmi',
  'Neil',
  'Asha',
  'Jonas',
  'Mei',
  'Luis',
  'Amara',
]
const LAST = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Khan',
  'Das',
  'Reddy',
  'Patel',
  'Gupta',
  'Singh',
  'Menon',
  'Rao',
  'Bose',
  'Kapoor',
  'Joshi',
  'Mehta',
  'Pillai',
  'Ali',
  'Fernandes',
  'Chatterjee',
]
const CITIES = [
  'Delhi',
  'Mumbai',
  'Chennai',
  'Kolkata',
  'Pune',
  'Hyderabad',
  'Jaipur',
  'Lucknow',
  'Bhopal',
  'Kochi',
  'Indore',
  'Nagpur',
  'Surat',
  'Patna',
  'Guwahati',
  'Mysuru',
  'Vizag',
  'Ranchi',
  'Dehradun',
  'Shillong',
]
const KINDS = [
  'Institute of Technology',
  'Engineering College',
  'University',
  'College of Engineering',
  'Polytechnic',
  'School of Computing',
  'Technical University',
  'Science College',
  'College',
  'Institute of Science',
]
const COURSES = [
  'Computer Science Engineering',
  'Information Technology',
  'Electronics and Communication',
  'Mechanical Engineering',
  'Civil Engineering',
  'Electrical Engineering',
  'Other',
]
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'
/**
 * Journeys through the four rounds, with their cumulative shares: most only registered, a few
 * won. Per round: S submitted, N not advanced, A advanced, C advanced and confirmed, W won; every
 * round with a record had a submission.
 */
const JOURNEYS: [string[], number][] = [
  [[], 0.45],
  [['S'], 0.65],
  [['N'], 0.73],
  [['A'], 0.78],
  [['C'], 0.83],
  [['C', 'S'], 0.93],
  [['C', 'N'], 0.96],
  [['C', 'C', 'S'], 0.99],
  [['C', 'C', 'C', 'W'], 1],
]
const STATE = { S: 'submitted', N: 'not_advanced', A: 'advanced', C: 'advanced', W: 'won' } as const
const BATCH = 5000

async function main() {
  const count = argument('--applicants', 1000)
  const seed = argument('--seed', 1)
  const random = generator(seed)
  const opened = await openConfiguredDatabase(loadConfig(), (error) => {
    throw error
  })
  const db: Db = opened.database.db
  try {
    const [existing] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from applicants`,
    )
    if (existing!.n > 0)
      throw new Error(`The database already holds ${existing!.n} applicants: seed an empty one.`)
    const started = Date.now()
    const now = Date.now()
    const day = 86_400_000
    const rounds = await rowsOf<{ id: string; name: string }>(
      db,
      sql`insert into rounds (name, description, status, start_time, end_time, max_participants)
          select * from jsonb_to_recordset(${JSON.stringify(
            STAGES.map((stage, i) => ({
              name: stage.name,
              description: `Demo ${stage.id}: ${stage.name}`,
              status: i === 0 ? 'completed' : i === 1 ? 'active' : 'upcoming',
              start_time: new Date(now + (i * 21 - 35) * day).toISOString(),
              end_time: new Date(
                now + (i * 21 - 14) * day + (i === 1 ? 17 * day : 0),
              ).toISOString(),
              max_participants: [count, Math.ceil(count / 4), Math.ceil(count / 10), 200][i],
            })),
          )}::jsonb) as r(name text, description text, status text, start_time timestamptz,
                          end_time timestamptz, max_participants int)
          returning id, name`,
    )
    for (const round of rounds)
      await db.execute(
        sql`insert into requirements (round_id, position, description) values (${round.id}, 0, 'Repository with a README')`,
      )
    const colleges = Array.from(
      { length: 200 },
      (_, i) =>
        `${CITIES[i % CITIES.length]} ${KINDS[Math.floor(i / CITIES.length) % KINDS.length]}`,
    )
    for (let start = 0; start < count; start += BATCH) {
      const people = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => {
        const n = start + k
        const first = random.pick(FIRST)
        const last = random.pick(LAST)
        const roll = random.next()
        const journey = JOURNEYS.find(([, upTo]) => roll < upTo)![0]
        const id = Array.from({ length: 8 }, () => random.pick([...ALPHABET])).join('')
        return {
          registration_id: `HS-${id.slice(0, 4)}-${id.slice(4)}`,
          name: `${first} ${last}`,
          email: `${first}.${last}.${n}@students.example`.toLowerCase(),
          // Written as the server stores numbers: E.164 (docs/decisions/019-mobile-numbers.md).
          mobile: `+91${9_000_000_000 + n}`,
          student_id: `S${String(n).padStart(7, '0')}`,
          course: random.pick(COURSES),
          year_of_graduation: String(2024 + Math.floor(random.next() * 5)),
          college_name: colleges[Math.floor(random.next() ** 1.6 * colleges.length)]!,
          journey,
          created_at: new Date(now - random.next() * 60 * day).toISOString(),
        }
      })
      // A registration ID collision (one in a trillion) would stop the run; the seed is fixed,
      // so a seed that collides is simply a seed not to use.
      const inserted = await rowsOf<{ id: string; name: string; created_at: string }>(
        db,
        sql`insert into applicants (registration_id, name, email, mobile, student_id, course,
              year_of_graduation, college_name, created_at, updated_at)
            select *, created_at from jsonb_to_recordset(${JSON.stringify(people)}::jsonb) as a(
              registration_id text, name text, email text, mobile text, student_id text, course text,
              year_of_graduation text, college_name text, created_at timestamptz)
            returning id, name, created_at`,
      )
      // Each round of a journey: a submission, and the record it left in the pipeline.
      const steps = inserted.flatMap((p, k) =>
        people[k]!.journey.map((code, i) => ({
          applicant_id: p.id,
          name: p.name,
          created_at: p.created_at,
          round_id: rounds[i]!.id,
          code: code as keyof typeof STATE,
          github_url: `https://github.com/demo-${p.id.slice(0, 8)}/${STAGES[i]!.id}`,
          submitted_at: new Date(now - (4 - i) * 7 * day - random.next() * 7 * day).toISOString(),
        })),
      )
      if (steps.length) {
        await db.execute(
          sql`insert into submissions (applicant_id, round_id, github_url, status, submitted_at)
              select applicant_id, round_id, github_url, 'submitted', submitted_at
                from jsonb_to_recordset(${JSON.stringify(steps)}::jsonb)
                  as s(applicant_id uuid, round_id uuid, github_url text, submitted_at timestamptz)`,
        )
        await db.execute(
          sql`insert into pipeline_entries (round_id, applicant_id, state, decided_by_name, decided_at, confirmed_at)
              select round_id, applicant_id, state,
                     case when state <> 'submitted' then 'Demo jury' end,
                     case when state <> 'submitted' then submitted_at + interval '3 days' end,
                     case when confirmed then submitted_at + interval '4 days' end
                from jsonb_to_recordset(${JSON.stringify(
                  steps.map((st) => ({ ...st, state: STATE[st.code], confirmed: st.code === 'C' })),
                )}::jsonb)
                  as s(applicant_id uuid, round_id uuid, state text, submitted_at timestamptz, confirmed boolean)`,
        )
      }
      const activity = [
        ...inserted.map((p) => ({
          type: 'registration',
          name: p.name,
          action: 'registered',
          applicant_id: p.id,
          created_at: p.created_at,
        })),
        ...steps.map((st) => ({
          type: 'submission',
          name: st.name,
          action: `submitted to ${rounds.find((r) => r.id === st.round_id)!.name}`,
          applicant_id: st.applicant_id,
          created_at: st.submitted_at,
        })),
        ...steps
          .filter((st) => st.code === 'A' || st.code === 'C')
          .map((st) => ({
            type: 'selection',
            name: st.name,
            action: `was selected in ${rounds.find((r) => r.id === st.round_id)!.name}`,
            applicant_id: st.applicant_id,
            created_at: st.submitted_at,
          })),
      ]
      await db.execute(
        sql`insert into activity (type, name, action, applicant_id, created_at)
            select * from jsonb_to_recordset(${JSON.stringify(activity)}::jsonb)
              as a(type text, name text, action text, applicant_id uuid, created_at timestamptz)`,
      )
      process.stdout.write(
        `\r  ${Math.min(start + BATCH, count).toLocaleString('en')} / ${count.toLocaleString('en')} applicants`,
      )
    }
    // Status, current stage and repository, as the pipeline projects them.
    await project(db, { all: true })
    // A steady state to measure from: what autovacuum would reach a minute later.
    await db.execute(sql`vacuum analyze`)
    const [summary] = await rowsOf<{ applicants: number; submissions: number; activity: number }>(
      db,
      sql`select (select count(*) from applicants)::int as applicants,
                 (select count(*) from submissions)::int as submissions,
                 (select count(*) from activity)::int as activity`,
    )
    console.log(
      `\nSeeded (seed ${seed}) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary!.applicants.toLocaleString('en')} applicants, 4 rounds, ${summary!.submissions.toLocaleString('en')} submissions, ${summary!.activity.toLocaleString('en')} activity items.`,
    )
  } finally {
    await opened.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
