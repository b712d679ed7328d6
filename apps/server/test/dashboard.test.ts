import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type {
  ActivityItem,
  ApplicantStatus,
  DashboardCharts,
  StageStats,
} from '@hackathon/contract'
import { activity, rounds, submissions } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { openEvents } from './support/event-stream.js'
import { newApplicant, placeInRound } from './support/fixtures.js'

const registration = (n: number) => ({
  name: `Live Student ${n}`,
  email: `live.${n}.${Date.now()}@college.example`,
  mobile: `91${String(Date.now() + n).slice(-8)}`,
  studentId: `L${n}`,
  course: 'Computer Science Engineering',
  yearOfGraduation: '2027',
  collegeName: 'Live College',
  linkedinProfile: '',
})

describe('dashboard figures and live updates', () => {
  let ctx: TestContext
  let admin: string
  let jury: string
  const db = () => ctx.database.db
  const get = <T>(url: string, cookie = admin) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => {
      expect(r.statusCode).toBe(200)
      return r.json<T>()
    })

  async function roundWith(name: string, entries: [ApplicantStatus, 'submitted' | 'draft'][]) {
    const [round] = await db().insert(rounds).values({ name, description: name }).returning()
    for (const [status, state] of entries) {
      const person = await newApplicant(db())
      await db().insert(submissions).values({
        applicantId: person.id,
        roundId: round!.id,
        githubUrl: 'https://github.com/octo/repo',
        status: state,
      })
      // The status the applicant ends up with, as a record in this round.
      const record = {
        submitted: 'submitted',
        selected: 'advanced',
        confirmed: 'advanced',
        won: 'won',
        not_selected: 'not_advanced',
      } as const
      if (status in record)
        await placeInRound(db(), person.id, round!.id, record[status as keyof typeof record], {
          confirmed: status === 'confirmed',
        })
    }
    return round!
  }

  beforeAll(async () => {
    ctx = await createTestContext()
    admin = await signedInStaff(ctx.app, db(), 'admin')
    jury = await signedInStaff(ctx.app, db(), 'jury')
  })
  afterAll(async () => ctx.close())
  beforeEach(async () => {
    await db().execute(sql`truncate applicants, rounds, activity cascade`)
  })

  it('counts submissions and selections per round in the database, drafts aside', async () => {
    const ideas = await roundWith('Stage 1 Ideas', [
      ['submitted', 'submitted'],
      ['selected', 'submitted'],
      ['confirmed', 'submitted'],
      ['won', 'submitted'],
      ['not_selected', 'submitted'],
      ['registered', 'draft'],
    ])
    const empty = await roundWith('Stage 2 Prototype', [])
    const { stages, totals } = await get<StageStats>('/api/stage-stats', jury)
    expect(stages).toEqual([{ stageId: ideas.id, submissions: 5, selections: 3 }])
    // The jury's cards: one submission waits for a decision, four were decided.
    expect(totals).toEqual({ submissions: 5, pending: 1, reviewed: 4 })
    expect(stages.find((s) => s.stageId === empty.id)).toBeUndefined()
  })

  it('lists recent activity newest first, at most 20 items, with ISO timestamps', async () => {
    const base = Date.UTC(2026, 10, 1)
    await db()
      .insert(activity)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          type: 'registration' as const,
          name: `Person ${i}`,
          action: 'registered',
          createdAt: new Date(base + i * 60_000),
        })),
      )
    const items = await get<ActivityItem[]>('/api/recent-activity')
    expect(items).toHaveLength(20)
    expect(items[0]).toMatchObject({
      name: 'Person 24',
      type: 'registration',
      action: 'registered',
    })
    expect(items[0]!.timestamp).toBe(new Date(base + 24 * 60_000).toISOString())
    expect(items[19]!.name).toBe('Person 5')
  })

  it('draws registrations per UTC day over 30 days, empty days included, and a funnel per round', async () => {
    const today = new Date()
    const dayStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
    for (const [daysAgo, n] of [
      [0, 2],
      [3, 1],
      [45, 4],
    ] as const)
      for (let i = 0; i < n; i++) {
        const person = await newApplicant(db())
        await db().execute(
          sql`update applicants set created_at = ${new Date(dayStart - daysAgo * 86_400_000 + 3_600_000).toISOString()}::timestamptz where id = ${person.id}`,
        )
      }
    const round = await roundWith('Project Round', [
      ['submitted', 'submitted'],
      ['selected', 'submitted'],
      ['confirmed', 'submitted'],
    ])
    const charts = await get<DashboardCharts>('/api/dashboard-charts')
    expect(charts.registrationsPerDay).toHaveLength(30)
    // Today: the two dated today plus the three round submitters, who registered just now.
    expect(charts.registrationsPerDay.at(-1)).toEqual({
      date: new Date(dayStart).toISOString().slice(0, 10),
      count: 5,
    })
    expect(charts.registrationsPerDay.at(-4)!.count).toBe(1)
    expect(charts.registrationsPerDay.filter((d) => d.count === 0)).toHaveLength(28)
    expect(charts.registrationsPerDay.reduce((sum, d) => sum + d.count, 0)).toBe(6)
    expect(charts.funnel).toEqual([
      {
        roundId: round.id,
        roundName: 'Project Round',
        registered: 10,
        submitted: 3,
        selected: 2,
        confirmed: 1,
      },
    ])
  })

  it('is for staff only', async () => {
    for (const url of [
      '/api/stage-stats',
      '/api/recent-activity',
      '/api/dashboard-charts',
      '/api/events',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(401)
    }
  })

  describe('live events', () => {
    let base: string
    beforeAll(async () => {
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    })

    it('pushes a change event for each affected topic within two seconds of a registration', async () => {
      const stream = await openEvents(`${base}/api/events`, admin)
      try {
        expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
        const since = Date.now()
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: registration(1),
        })
        expect(res.statusCode).toBe(201)
        const [applicants, activityEvent] = await Promise.all([
          stream.change('applicants', since),
          stream.change('activity', since),
        ])
        expect(applicants.at - since).toBeLessThan(2000)
        expect(activityEvent.at - since).toBeLessThan(2000)
      } finally {
        await stream.close()
      }
    })

    it('sends nothing for a change that rolled back', async () => {
      const stream = await openEvents(`${base}/api/events`, jury)
      try {
        const since = Date.now()
        await db()
          .transaction(async (tx) => {
            await tx
              .insert(activity)
              .values({ type: 'registration', name: 'Ghost', action: 'registered' })
            throw new Error('roll back')
          })
          .catch(() => {})
        await expect(stream.change('activity', since, 500)).rejects.toThrow(/no 'activity' change/)
      } finally {
        await stream.close()
      }
    })

    it('folds a bulk change into one event per topic', async () => {
      const stream = await openEvents(`${base}/api/events`, admin)
      try {
        const since = Date.now()
        await db().transaction(async (tx) => {
          for (let i = 0; i < 50; i++)
            await tx
              .insert(activity)
              .values({ type: 'registration', name: `Bulk ${i}`, action: 'registered' })
        })
        await stream.change('activity', since)
        await new Promise((r) => setTimeout(r, 300))
        expect(
          stream.events.filter((e) => e.at >= since && e.data.includes('activity')),
        ).toHaveLength(1)
      } finally {
        await stream.close()
      }
    })
  })
})
