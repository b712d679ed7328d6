import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Round, RoundWarning } from '@hackathon/contract'
import { roundWarnings } from '../src/modules/rounds/round-warnings.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { bearerFor, newApplicant, placeInRound } from './support/fixtures.js'

const HOUR = 3_600_000

describe('rounds in an explicit order', () => {
  let ctx: TestContext
  let admin: string
  const db = () => ctx.database.db
  const create = async (name: string, extra: object = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/rounds',
      headers: { cookie: admin },
      payload: {
        name,
        description: name,
        status: 'active',
        requirements: [{ description: 'Repository', required: false }],
        ...extra,
      },
    })
    expect(res.statusCode).toBe(201)
    return res.json<Round>()
  }
  const list = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/rounds', headers: { cookie: admin } })).json<{
      rounds: Round[]
      warnings: RoundWarning[]
    }>()

  beforeAll(async () => {
    ctx = await createTestContext()
    admin = await signedInStaff(ctx.app, db(), 'admin')
  })
  afterAll(() => ctx.close())

  it('numbers rounds in the order they were made, whatever their dates, and moves one when asked', async () => {
    await db().execute(sql`truncate rounds cascade`)
    // Made in this order, with start times in the opposite order.
    const ideas = await create('Stage 1: Ideas', {
      startTime: new Date(Date.now() + 3 * HOUR).toISOString(),
    })
    const prototype = await create('Stage 2: Prototype', {
      startTime: new Date(Date.now() + 2 * HOUR).toISOString(),
    })
    const finale = await create('Stage 3: Finale', {
      startTime: new Date(Date.now() + HOUR).toISOString(),
    })
    expect((await list()).rounds.map((r) => [r.name, r.position])).toEqual([
      ['Stage 1: Ideas', 1],
      ['Stage 2: Prototype', 2],
      ['Stage 3: Finale', 3],
    ])
    const late = await create('Stage 0: Warm-up', { position: 1 })
    expect(late.position).toBe(1)
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/rounds/${late.id}`,
      headers: { cookie: admin },
      payload: {
        name: 'Stage 0: Warm-up',
        description: 'x',
        status: 'active',
        requirements: [
          { id: late.requirements[0]!.id, description: 'Repository', required: false },
        ],
        position: 9,
      },
    })
    expect(moved.json<Round>().position).toBe(4)
    expect((await list()).rounds.map((r) => r.id)).toEqual([
      ideas.id,
      prototype.id,
      finale.id,
      late.id,
    ])
  })

  it('keeps a registered applicant to the first round when an ended round was left active, and says so to the organizer', async () => {
    await db().execute(sql`truncate rounds cascade`)
    const ended = await create('Stage 1: Ideas', {
      startTime: new Date(Date.now() - 48 * HOUR).toISOString(),
      endTime: new Date(Date.now() - 24 * HOUR).toISOString(),
    })
    const open = await create('Stage 2: Prototype', {
      startTime: new Date(Date.now() - HOUR).toISOString(),
      endTime: new Date(Date.now() + 24 * HOUR).toISOString(),
    })
    const registered = await newApplicant(db())
    const advanced = await newApplicant(db())
    await placeInRound(db(), advanced.id, ended.id, 'advanced')
    const submit = async (id: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/applicant/submit-stage',
        headers: { authorization: `Bearer ${await bearerFor(db(), id)}` },
        payload: { stageId: open.id, githubUrl: 'https://github.com/order/matters' },
      })
    expect((await submit(advanced.id)).statusCode).toBe(200)
    const refused = await submit(registered.id)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toContain('must be selected in Stage 1: Ideas')
    const { warnings } = await list()
    expect(warnings).toEqual([
      {
        roundId: ended.id,
        code: 'ACTIVE_PAST_END',
        message: expect.stringContaining('Stage 1: Ideas is still active, but it ended on'),
      },
    ])
  })

  it('counts the stage figures of rounds with records from the pipeline, and leaves the others empty', async () => {
    await db().execute(sql`truncate rounds, applicants cascade`)
    const ideas = await create('Stage 1: Ideas')
    const prototype = await create('Stage 2: Prototype')
    await create('Stage 3: Project')
    for (const state of ['advanced', 'advanced', 'not_advanced'] as const) {
      const person = await newApplicant(db())
      await placeInRound(db(), person.id, ideas.id, 'advanced')
      await placeInRound(db(), person.id, prototype.id, state)
    }
    const rounds = (await list()).rounds
    expect(
      rounds.map((r) => [r.name, r.currentParticipants, r.prototypesApproved, r.projectsApproved]),
    ).toEqual([
      ['Stage 1: Ideas', 3, null, null],
      ['Stage 2: Prototype', 3, 2, null],
      ['Stage 3: Project', 0, null, null],
    ])
  })
})

describe('the rounds page warnings', () => {
  const now = new Date('2026-06-01T12:00:00Z')
  const at = (hours: number) => new Date(now.getTime() + hours * HOUR)
  const round = (id: string, status: string, start: number | null, end: number | null) => ({
    id,
    name: `Round ${id}`,
    status,
    startTime: start === null ? null : at(start),
    endTime: end === null ? null : at(end),
  })

  it('says nothing about rounds in order, one open at a time', () => {
    expect(
      roundWarnings(
        [
          round('a', 'completed', -48, -24),
          round('b', 'active', -1, 24),
          round('c', 'upcoming', 48, 72),
        ],
        now,
      ),
    ).toEqual([])
  })

  it('warns of a round active past its end, two open at once, and dates out of order', () => {
    const warnings = roundWarnings(
      [
        round('a', 'active', -48, -24),
        round('b', 'active', -1, 24),
        round('c', 'active', -2, 30),
        round('d', 'upcoming', 10, 20),
      ],
      now,
    )
    expect(warnings.map((w) => [w.roundId, w.code])).toEqual([
      ['a', 'ACTIVE_PAST_END'],
      ['c', 'SEVERAL_OPEN'],
      ['c', 'DATES_OUT_OF_ORDER'],
      ['d', 'DATES_OUT_OF_ORDER'],
    ])
    expect(warnings[1]!.message).toBe(
      'Round c and Round b are open at the same time. Set one to upcoming or completed, or change its dates.',
    )
    expect(warnings[3]!.message).toBe(
      'Round d (stage 4) starts before Round c (stage 3) ends. Move its start time or its stage number.',
    )
  })
})
