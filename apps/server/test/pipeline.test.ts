import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplicantStatus, PipelineState } from '@hackathon/contract'
import { rowsOf, type Db } from '../src/db/client.js'
import { applicants, rounds, submissions } from '../src/db/schema/index.js'
import { project } from '../src/modules/pipeline/pipeline.repo.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import {
  applicantEdit,
  bearerFor,
  multipart,
  newApplicant,
  placeInRound,
} from './support/fixtures.js'

/**
 * The pipeline's rules (docs/product/pipeline.md), proved through the API: every state a
 * participant can be in, against every action that can touch it.
 */

/** Where the applicant stands before the action, in the round the action is about. */
const STATES = [
  'locked',
  'eligible',
  'submitted',
  'advanced',
  'confirmed',
  'not_advanced',
  'withdrawn',
  'won',
] as const
type SetUpState = (typeof STATES)[number]

type Expected = [code: number, status: ApplicantStatus, state: PipelineState | null]
type Row = Record<SetUpState, Expected>

const ALPHA = 'Alpha round'
const BETA = 'Beta round'
const GAMMA = 'Gamma round'

/**
 * Three open rounds. Every state's round is Beta, the middle one, except `won`, which only the
 * final round (Gamma) knows. Before Beta, everyone but `locked` was advanced in Alpha and confirmed.
 */
async function threeRounds(db: Db) {
  const made = await db
    .insert(rounds)
    .values(
      [ALPHA, BETA, GAMMA].map((name) => ({
        name,
        description: name,
        status: 'active' as const,
        startTime: new Date(Date.now() - 86_400_000),
        endTime: new Date(Date.now() + 86_400_000),
      })),
    )
    .returning()
  const byName = (name: string) => made.find((r) => r.name === name)!.id
  await db.execute(
    sql`insert into requirements (round_id, position, description, kind, required, file_types)
        select id, 0, 'Pitch deck', 'file', false, '["pdf"]'::jsonb from rounds`,
  )
  return { alpha: byName(ALPHA), beta: byName(BETA), gamma: byName(GAMMA) }
}

async function submitted(db: Db, applicantId: string, roundId: string) {
  await db.insert(submissions).values({
    applicantId,
    roundId,
    githubUrl: 'https://github.com/pipeline/entry',
    status: 'submitted',
    submittedAt: new Date(),
  })
}

/** An applicant standing in `state`; returns them with the round the actions are about. */
async function inState(db: Db, r: Awaited<ReturnType<typeof threeRounds>>, state: SetUpState) {
  const person = await newApplicant(db)
  const token = await bearerFor(db, person.id)
  if (state !== 'locked')
    await placeInRound(db, person.id, r.alpha, 'advanced', { confirmed: true })
  const target = state === 'won' ? r.gamma : r.beta
  if (state === 'won') {
    await placeInRound(db, person.id, r.beta, 'advanced', { confirmed: true })
    await submitted(db, person.id, r.gamma)
    await placeInRound(db, person.id, r.gamma, 'won')
  } else if (state === 'withdrawn') {
    await placeInRound(db, person.id, r.beta, 'withdrawn')
  } else if (state !== 'locked' && state !== 'eligible') {
    await submitted(db, person.id, r.beta)
    const stored = state === 'confirmed' ? 'advanced' : state
    await placeInRound(db, person.id, r.beta, stored, { confirmed: state === 'confirmed' })
  }
  const [row] = await db.select().from(applicants).where(eq(applicants.id, person.id))
  return { ...row!, token, target }
}

/** Each applicant's stored projection, and what `project` computes now (they must agree). */
async function projectionDrift(db: Db): Promise<unknown[]> {
  const columns = sql`select id, status, current_stage, stage_round_id, reviewed_at, github_url from applicants order by id`
  const drift: unknown[] = []
  await db
    .transaction(async (tx) => {
      const before = await rowsOf<Record<string, unknown>>(tx, columns)
      await project(tx, { all: true })
      const after = await rowsOf<Record<string, unknown>>(tx, columns)
      after.forEach((row, i) => {
        if (JSON.stringify(row) !== JSON.stringify(before[i]))
          drift.push({ stored: before[i], computed: row })
      })
      throw new Error('rollback')
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error
    })
  return drift
}

describe('the pipeline: every state against every action', () => {
  let ctx: TestContext
  let admin: string
  let jury: string
  let r: Awaited<ReturnType<typeof threeRounds>>
  const db = () => ctx.database.db

  const call = (
    method: 'POST' | 'PUT',
    url: string,
    payload: object,
    headers: Record<string, string>,
  ) => ctx.app.inject({ method, url, payload, headers })
  const stateIn = async (applicantId: string, roundId: string) =>
    (
      await rowsOf<{ state: PipelineState }>(
        db(),
        sql`select state from pipeline_entries where applicant_id = ${applicantId} and round_id = ${roundId}`,
      )
    )[0]?.state ?? null
  const sheet = (registrationId: string, roundName: string, status: string) => {
    const { body, contentType } = multipart(
      'file',
      'decisions.csv',
      Buffer.from(
        `RegistrationID,Current Stage,Status,Next Stage\n${registrationId},${roundName},${status},\n`,
      ),
    )
    return ctx.app.inject({
      method: 'POST',
      url: '/api/applicant-selection/upload',
      payload: body,
      headers: { cookie: admin, 'content-type': contentType },
    })
  }
  /** `p`'s records in the rounds other than the one the actions are about. */
  const otherRecords = (p: { id: string; target: string }) =>
    rowsOf<{ round_id: string; state: string }>(
      db(),
      sql`select round_id, state from pipeline_entries where applicant_id = ${p.id} and round_id <> ${p.target}`,
    )
  /** The admin's decision about `p` in the round the actions are about. */
  const decide = (p: { id: string; target: string }, decision: object) =>
    call(
      'POST',
      `/api/applicants/${p.id}/decision`,
      { roundId: p.target, ...decision },
      { cookie: admin },
    )
  const edit = (a: typeof applicants.$inferSelect, status: string) =>
    call('PUT', `/api/applicants/${a.id}`, applicantEdit(a, { status }), { cookie: admin })

  type Person = Awaited<ReturnType<typeof inState>>
  const ACTIONS: [string, (p: Person) => Promise<{ statusCode: number }>, Row][] = [
    [
      'submit',
      (p) =>
        call(
          'POST',
          '/api/applicant/submit-stage',
          { stageId: p.target, githubUrl: 'https://github.com/pipeline/new', documents: [] },
          { authorization: `Bearer ${p.token}` },
        ),
      {
        locked: [403, 'registered', null],
        eligible: [200, 'submitted', 'submitted'],
        submitted: [200, 'submitted', 'submitted'],
        advanced: [403, 'selected', 'advanced'],
        confirmed: [403, 'confirmed', 'advanced'],
        not_advanced: [403, 'not_selected', 'not_advanced'],
        withdrawn: [403, 'not_selected', 'withdrawn'],
        won: [403, 'won', 'won'],
      },
    ],
    [
      'jury selects',
      (p) => call('POST', `/api/applicants/${p.id}/select`, {}, { cookie: jury }),
      {
        locked: [409, 'registered', null],
        eligible: [409, 'confirmed', null],
        submitted: [200, 'selected', 'advanced'],
        advanced: [409, 'selected', 'advanced'],
        confirmed: [409, 'confirmed', 'advanced'],
        not_advanced: [409, 'not_selected', 'not_advanced'],
        withdrawn: [409, 'not_selected', 'withdrawn'],
        won: [409, 'won', 'won'],
      },
    ],
    [
      'admin advances in the round',
      (p) => decide(p, { decision: 'advanced', note: 'Strong demo' }),
      {
        locked: [409, 'registered', null],
        eligible: [200, 'selected', 'advanced'],
        submitted: [200, 'selected', 'advanced'],
        advanced: [200, 'selected', 'advanced'],
        confirmed: [200, 'confirmed', 'advanced'],
        not_advanced: [200, 'selected', 'advanced'],
        withdrawn: [200, 'selected', 'advanced'],
        won: [200, 'selected', 'advanced'],
      },
    ],
    [
      'admin stops them in the round',
      (p) => decide(p, { decision: 'not_advanced' }),
      {
        locked: [409, 'registered', null],
        eligible: [200, 'not_selected', 'not_advanced'],
        submitted: [200, 'not_selected', 'not_advanced'],
        advanced: [200, 'not_selected', 'not_advanced'],
        confirmed: [200, 'not_selected', 'not_advanced'],
        not_advanced: [200, 'not_selected', 'not_advanced'],
        withdrawn: [200, 'not_selected', 'not_advanced'],
        won: [200, 'not_selected', 'not_advanced'],
      },
    ],
    [
      'admin records a winner in the round',
      (p) => decide(p, { decision: 'won', prize: 'First prize' }),
      {
        locked: [409, 'registered', null],
        eligible: [409, 'confirmed', null],
        submitted: [409, 'submitted', 'submitted'],
        advanced: [409, 'selected', 'advanced'],
        confirmed: [409, 'confirmed', 'advanced'],
        not_advanced: [409, 'not_selected', 'not_advanced'],
        withdrawn: [409, 'not_selected', 'withdrawn'],
        won: [200, 'won', 'won'],
      },
    ],
    [
      'bulk sheet row: Selected',
      (p) => sheet(p.registrationId, p.target === r.gamma ? GAMMA : BETA, 'Selected'),
      {
        locked: [422, 'registered', null],
        eligible: [200, 'selected', 'advanced'],
        submitted: [200, 'selected', 'advanced'],
        advanced: [200, 'selected', 'advanced'],
        confirmed: [200, 'confirmed', 'advanced'],
        not_advanced: [200, 'selected', 'advanced'],
        withdrawn: [200, 'selected', 'advanced'],
        won: [200, 'won', 'won'],
      },
    ],
    [
      'bulk sheet row: Not Selected',
      (p) => sheet(p.registrationId, p.target === r.gamma ? GAMMA : BETA, 'Not Selected'),
      {
        locked: [422, 'registered', null],
        eligible: [200, 'not_selected', 'not_advanced'],
        submitted: [200, 'not_selected', 'not_advanced'],
        advanced: [200, 'not_selected', 'not_advanced'],
        confirmed: [200, 'not_selected', 'not_advanced'],
        not_advanced: [200, 'not_selected', 'not_advanced'],
        withdrawn: [200, 'not_selected', 'not_advanced'],
        won: [200, 'not_selected', 'not_advanced'],
      },
    ],
    [
      'admin edit sets Not Selected',
      (p) => edit(p, 'not_selected'),
      {
        // Decided in the round of their latest record (Alpha for these two).
        locked: [200, 'not_selected', null],
        eligible: [200, 'not_selected', null],
        submitted: [200, 'not_selected', 'not_advanced'],
        advanced: [200, 'not_selected', 'not_advanced'],
        confirmed: [200, 'not_selected', 'not_advanced'],
        not_advanced: [200, 'not_selected', 'not_advanced'],
        withdrawn: [200, 'not_selected', 'withdrawn'],
        won: [200, 'not_selected', 'not_advanced'],
      },
    ],
    [
      'admin edit sets Submitted (undoes a decision)',
      (p) => edit(p, 'submitted'),
      {
        locked: [409, 'registered', null],
        eligible: [409, 'confirmed', null],
        submitted: [200, 'submitted', 'submitted'],
        advanced: [200, 'submitted', 'submitted'],
        confirmed: [200, 'submitted', 'submitted'],
        not_advanced: [200, 'submitted', 'submitted'],
        withdrawn: [409, 'not_selected', 'withdrawn'],
        won: [200, 'submitted', 'submitted'],
      },
    ],
    [
      'the applicant confirms on the dashboard',
      (p) =>
        call(
          'POST',
          '/api/applicant/confirm-participation',
          {},
          {
            authorization: `Bearer ${p.token}`,
          },
        ),
      {
        locked: [409, 'registered', null],
        eligible: [409, 'confirmed', null],
        submitted: [409, 'submitted', 'submitted'],
        advanced: [200, 'confirmed', 'advanced'],
        confirmed: [409, 'confirmed', 'advanced'],
        not_advanced: [409, 'not_selected', 'not_advanced'],
        withdrawn: [409, 'not_selected', 'withdrawn'],
        won: [409, 'won', 'won'],
      },
    ],
  ]

  beforeAll(async () => {
    ctx = await createTestContext()
    admin = await signedInStaff(ctx.app, db(), 'admin')
    jury = await signedInStaff(ctx.app, db(), 'jury')
    r = await threeRounds(db())
  })
  afterAll(() => ctx.close())

  for (const [action, run, expected] of ACTIONS)
    for (const state of STATES)
      it(`${action}: ${state} -> ${expected[state].join(', ')}`, async () => {
        const person = await inState(db(), r, state)
        const decisionsBefore = await otherRecords(person)
        const res = await run(person)
        const [code, status, stateAfter] = expected[state]
        expect(res.statusCode).toBe(code)
        const [after] = await db().select().from(applicants).where(eq(applicants.id, person.id))
        expect(after!.status).toBe(status)
        expect(await stateIn(person.id, person.target)).toBe(stateAfter)
        // Other rounds' records are untouched by an action about this round (the admin edit of
        // someone with no record in Beta decides in Alpha, the round of their latest record).
        if (!(action.startsWith('admin edit') && (state === 'locked' || state === 'eligible')))
          expect(await otherRecords(person)).toEqual(decisionsBefore)
        expect(await projectionDrift(db())).toEqual([])
      })
})

describe('the pipeline: round-level actions against every state', () => {
  it('a deleted round takes its records with it, and everyone stands where their remaining records say', async () => {
    const ctx = await createTestContext()
    try {
      const admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
      const r = await threeRounds(ctx.database.db)
      const people = await Promise.all(STATES.map((s) => inState(ctx.database.db, r, s)))
      const first = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/rounds/${r.beta}`,
        headers: { cookie: admin },
      })
      expect(first.statusCode).toBe(409)
      expect(first.json().message).toMatch(/submission.*decision.*without a submission/)
      const forced = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/rounds/${r.beta}?force=true`,
        headers: { cookie: admin },
      })
      expect(forced.statusCode).toBe(200)
      const after = await ctx.database.db.select().from(applicants)
      const standing = Object.fromEntries(
        people.map((p, i) => {
          const row = after.find((a) => a.id === p.id)!
          return [STATES[i], [row.status, row.currentStage]]
        }),
      )
      expect(standing).toEqual({
        locked: ['registered', null],
        // Advanced and confirmed in Alpha: Gamma is now the round after it.
        eligible: ['confirmed', GAMMA],
        submitted: ['confirmed', GAMMA],
        advanced: ['confirmed', GAMMA],
        confirmed: ['confirmed', GAMMA],
        not_advanced: ['confirmed', GAMMA],
        withdrawn: ['confirmed', GAMMA],
        won: ['won', GAMMA],
      })
      expect(await projectionDrift(ctx.database.db)).toEqual([])
    } finally {
      await ctx.close()
    }
  })

  it('a removed requirement changes no one: its answers stay in the submissions, marked no longer asked', async () => {
    const ctx = await createTestContext()
    try {
      const admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
      const db = ctx.database.db
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/rounds',
        headers: { cookie: admin },
        payload: {
          name: 'Only round',
          description: 'Ideas',
          status: 'active',
          requirements: [
            { description: 'A: Idea deck', kind: 'text' },
            { description: 'B: Pitch video', kind: 'link' },
          ],
        },
      })
      const round = created.json()
      const [a, b] = round.requirements as { id: string }[]
      const person = await newApplicant(db)
      const token = await bearerFor(db, person.id)
      const submit = await ctx.app.inject({
        method: 'POST',
        url: '/api/applicant/submit-stage',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          stageId: round.id,
          githubUrl: 'https://github.com/pipeline/answers',
          answers: [
            { requirementId: a!.id, text: 'Solar dryers for farmers' },
            { requirementId: b!.id, url: 'https://video.example/pitch' },
          ],
        },
      })
      expect(submit.statusCode).toBe(200)
      const before = (await db.select().from(applicants).where(eq(applicants.id, person.id)))[0]
      const edited = await ctx.app.inject({
        method: 'PUT',
        url: `/api/rounds/${round.id}`,
        headers: { cookie: admin },
        payload: {
          name: 'Only round',
          description: 'Ideas',
          status: 'active',
          requirements: [{ id: b!.id, description: 'B: Pitch video', kind: 'link' }],
        },
      })
      expect(edited.statusCode).toBe(200)
      const after = (await db.select().from(applicants).where(eq(applicants.id, person.id)))[0]
      expect(after!.status).toBe(before!.status)
      const mine = async () =>
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/applicant/my-submissions',
            headers: { authorization: `Bearer ${token}` },
          })
        ).json().submissions[0]
      type Answer = {
        description: string
        current: boolean
        text: string | null
        url: string | null
      }
      const shown = (answers: Answer[]) =>
        answers.map((x) => [x.description, x.current, x.text ?? x.url])
      expect(shown((await mine()).answers)).toEqual([
        ['A: Idea deck', false, 'Solar dryers for farmers'],
        ['B: Pitch video', true, 'https://video.example/pitch'],
      ])
      // A resubmission keeps the earlier answers as a version, each marked by whether its
      // requirement is still asked.
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/api/applicant/submit-stage',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          stageId: round.id,
          githubUrl: 'https://github.com/pipeline/answers',
          answers: [{ requirementId: b!.id, url: 'https://video.example/pitch-2' }],
        },
      })
      expect(again.statusCode).toBe(200)
      const latest = await mine()
      expect(shown(latest.answers)).toEqual([
        ['B: Pitch video', true, 'https://video.example/pitch-2'],
      ])
      expect(shown(latest.versions[0].answers)).toEqual([
        ['A: Idea deck', false, 'Solar dryers for farmers'],
        ['B: Pitch video', true, 'https://video.example/pitch'],
      ])
    } finally {
      await ctx.close()
    }
  })
})

describe('the pipeline: no sequence of submissions changes a decision or opens a round to someone not advanced', () => {
  let ctx: TestContext
  const db = () => ctx.database.db
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  it('holds for random starting records and random sequences of submissions', async () => {
    const stored = fc.constantFrom<
      'none' | 'submitted' | 'advanced' | 'not_advanced' | 'withdrawn'
    >('none', 'submitted', 'advanced', 'not_advanced', 'withdrawn')
    await fc.assert(
      fc.asyncProperty(
        // Three applicants, each with a record (or none) in each of three rounds.
        fc.array(fc.tuple(stored, stored, stored), { minLength: 3, maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(2), fc.nat(2)), { minLength: 1, maxLength: 12 }),
        async (starts, attempts) => {
          await db().execute(sql`truncate applicants, rounds cascade`)
          const r = await threeRounds(db())
          const order = [r.alpha, r.beta, r.gamma]
          const people = []
          for (const start of starts) {
            const person = await newApplicant(db())
            for (const [i, state] of start.entries()) {
              if (state === 'none') continue
              if (state === 'submitted') await submitted(db(), person.id, order[i]!)
              await placeInRound(db(), person.id, order[i]!, state)
            }
            people.push({ ...person, token: await bearerFor(db(), person.id) })
          }
          const decided = async () =>
            rowsOf<{ applicant_id: string; round_id: string; state: string }>(
              db(),
              sql`select applicant_id, round_id, state from pipeline_entries where state <> 'submitted' order by 1, 2`,
            )
          const decisions = await decided()
          for (const [who, round] of attempts) {
            const person = people[who]!
            const records = await rowsOf<{ round_id: string; state: string }>(
              db(),
              sql`select round_id, state from pipeline_entries where applicant_id = ${person.id}`,
            )
            const stateIn = (i: number) => records.find((x) => x.round_id === order[i])?.state
            // The model: the round is theirs when it is the first, they were advanced in the one
            // before, or they already have a record in it; it is open to them when it is theirs,
            // nobody decided about them there, and they have no record in a later round.
            const open =
              (round === 0 || stateIn(round - 1) === 'advanced' || stateIn(round) !== undefined) &&
              (stateIn(round) === undefined || stateIn(round) === 'submitted') &&
              ![1, 2].some((later) => later > round && stateIn(later) !== undefined)
            const res = await ctx.app.inject({
              method: 'POST',
              url: '/api/applicant/submit-stage',
              headers: { authorization: `Bearer ${person.token}` },
              payload: { stageId: order[round], githubUrl: 'https://github.com/prop/erty' },
            })
            expect(res.statusCode).toBe(open ? 200 : 403)
          }
          expect(await decided()).toEqual(decisions)
          expect(await projectionDrift(db())).toEqual([])
        },
      ),
      { numRuns: 25 },
    )
  }, 120_000)
})
