import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JuryProgress, MyReview } from '@hackathon/contract'
import { reviewAssignments, rounds, staffUsers } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff, signIn } from './staff-helpers.js'
import { newApplicant, placeInRound, submitInRound } from './support/fixtures.js'

/**
 * Issue 22 item 5: the jury dashboard's cards. Total Submissions counts submissions, not
 * statuses; with scoring in use, Pending Review and Reviewed are this judge's assigned work.
 */
describe('the jury progress', () => {
  let ctx: TestContext
  let roundId: string
  const submissionIds: string[] = []
  const judges: Record<'scoring' | 'other', { id: string; cookie: string }> = {} as never
  const db = () => ctx.database.db

  const progress = (cookie: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/jury-progress', headers: { cookie } })

  async function judge(label: 'scoring' | 'other') {
    const email = `${label}@jury.example`
    await addStaff(db(), { email, password: 'judge password', role: 'jury' })
    const [row] = await db()
      .select()
      .from(staffUsers)
      .where(sql`email = ${email}`)
    judges[label] = { id: row!.id, cookie: await signIn(ctx.app, email, 'judge password') }
  }

  async function score(submissionId: string) {
    const { cookie } = judges.scoring
    const mine = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/submissions/${submissionId}/review`,
        headers: { cookie },
      })
    ).json<MyReview>()
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/submissions/${submissionId}/review`,
      headers: { cookie },
      payload: {
        scores: mine.rubric.criteria.map((c) => ({ criterionId: c.id, score: 7 })),
        comment: 'good',
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
  }

  beforeAll(async () => {
    ctx = await createTestContext()
    const [round] = await db()
      .insert(rounds)
      .values({ name: 'Ideas', description: 'Ideas', status: 'active' })
      .returning()
    roundId = round!.id
    // Five real submissions, waiting for a decision.
    for (let i = 0; i < 5; i++) {
      const person = await newApplicant(db())
      const s = await submitInRound(db(), person.id, roundId, 'https://github.com/t/r')
      submissionIds.push(s.id)
    }
    // Two whose status says submitted with no submission (set by hand, or from an old import).
    for (let i = 0; i < 2; i++)
      await placeInRound(db(), (await newApplicant(db())).id, roundId, 'submitted')
    await judge('scoring')
    await judge('other')
    await db()
      .insert(reviewAssignments)
      .values(
        submissionIds.map((submissionId) => ({
          roundId,
          submissionId,
          jurorId: judges.scoring.id,
        })),
      )
  })
  afterAll(() => ctx.close())

  it('counts only real submissions in Total Submissions', async () => {
    const res = await progress(judges.other.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json<JuryProgress>()).toEqual({
      totals: { submissions: 5, pending: 5, reviewed: 0 },
      mine: null,
    })
  })

  it("counts the judge's own reviews of their assigned submissions once scoring is in use", async () => {
    await score(submissionIds[0]!)
    await score(submissionIds[1]!)
    const mine = (await progress(judges.scoring.cookie)).json<JuryProgress>()
    expect(mine.mine).toEqual({ assigned: 5, pending: 3, reviewed: 2 })
    // Scores are not decisions: the pipeline still waits on all five.
    expect(mine.totals).toEqual({ submissions: 5, pending: 5, reviewed: 0 })
    // Another judge's scores are not theirs.
    expect((await progress(judges.other.cookie)).json<JuryProgress>().mine).toBeNull()
  })

  it('is for staff only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/jury-progress' })).statusCode).toBe(
      401,
    )
  })
})
