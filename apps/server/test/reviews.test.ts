import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEFAULT_CRITERIA,
  REVIEW_MESSAGES,
  type AssignmentOverview,
  type MyReview,
  type Ranking,
  type Rubric,
} from '@hackathon/contract'
import { reviewScores, reviews, rounds, staffUsers } from '../src/db/schema/index.js'
import {
  assignReviewers,
  sameCollege,
  type Candidate,
  type Judge,
} from '../src/modules/reviews/assign.js'
import { normalizeScores } from '../src/modules/reviews/normalize.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff, signIn, signedInStaff } from './staff-helpers.js'
import { caller } from './support/inject.js'
import { newApplicant, submitInRound } from './support/fixtures.js'

describe('judge normalization (hand-checked)', () => {
  it('evens out a harsh and a lenient judge, and a judge who does not vary is neutral', () => {
    // Harsh H scores A 3, B 5; lenient L scores C 8, D 9. Raw order: D, C, B, A.
    // H: mean 4, sd 1 -> z(A) = -1, z(B) = +1. L: mean 8.5, sd 0.5 -> z(C) = -1, z(D) = +1.
    // All four: mean 6.25, sd sqrt(22.75 / 4) = 2.384848. So B and D -> 8.634848, A and C ->
    // 3.865152; ties broken by raw: D (9) before B (5), C (8) before A (3): D, B, C, A.
    const scores = normalizeScores([
      { submissionId: 'A', jurorId: 'H', score: 3 },
      { submissionId: 'B', jurorId: 'H', score: 5 },
      { submissionId: 'C', jurorId: 'L', score: 8 },
      { submissionId: 'D', jurorId: 'L', score: 9 },
    ])
    const by = Object.fromEntries(scores.map((s) => [s.submissionId, s]))
    expect(by.B!.normalized).toBeCloseTo(8.634848, 5)
    expect(by.D!.normalized).toBeCloseTo(8.634848, 5)
    expect(by.A!.normalized).toBeCloseTo(3.865152, 5)
    expect(by.C!.normalized).toBeCloseTo(3.865152, 5)
    expect(by.D!.raw).toBe(9)

    // F gives 6 and 6: no variation, so F's reviews count as the overall mean.
    const withFlat = normalizeScores([
      { submissionId: 'A', jurorId: 'F', score: 6 },
      { submissionId: 'B', jurorId: 'F', score: 6 },
      { submissionId: 'A', jurorId: 'H', score: 2 },
      { submissionId: 'B', jurorId: 'H', score: 8 },
    ])
    // Overall mean 5.5, sd sqrt((0.25 + 0.25 + 12.25 + 6.25) / 4) = 2.179449.
    // A = mean(5.5, 5.5 - 2.179449) = 4.410276; B = mean(5.5, 5.5 + 2.179449) = 6.589725.
    const flat = Object.fromEntries(withFlat.map((s) => [s.submissionId, s]))
    expect(flat.A!.normalized).toBeCloseTo(4.410276, 5)
    expect(flat.B!.normalized).toBeCloseTo(6.589725, 5)
    expect(flat.A!.spread).toBe(4)
    expect(flat.A!.reviews).toBe(2)
  })
})

describe('reviewer assignment on a generated event', () => {
  // 300 submissions from 25 colleges; 12 judges, 8 of them from one of those colleges.
  const colleges = Array.from({ length: 25 }, (_, i) => `College ${i + 1}`)
  const candidates: Candidate[] = Array.from({ length: 300 }, (_, i) => ({
    id: `s${String(i).padStart(3, '0')}`,
    college: colleges[(i * 7) % colleges.length]!,
  }))
  const judges: Judge[] = Array.from({ length: 12 }, (_, i) => ({
    id: `j${String(i).padStart(2, '0')}`,
    affiliation: i < 8 ? ` college ${i * 3 + 1} ` : null,
  }))

  it('gives every submission 3 judges, never one of its college, with loads within one', () => {
    const plan = assignReviewers(candidates, judges, 3)
    const load = new Map(judges.map((j) => [j.id, 0]))
    for (const c of candidates) {
      const assigned = plan.get(c.id)!
      expect(new Set(assigned).size).toBe(3)
      for (const judgeId of assigned) {
        const judge = judges.find((j) => j.id === judgeId)!
        expect(sameCollege(judge.affiliation, c.college)).toBe(false)
        load.set(judgeId, load.get(judgeId)! + 1)
      }
    }
    const loads = [...load.values()]
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1)
    expect(loads.reduce((a, b) => a + b, 0)).toBe(900)
  })

  it('is repeatable: the same input in another order gives the same result', () => {
    const first = assignReviewers(candidates, judges, 3)
    const again = assignReviewers([...candidates].reverse(), [...judges].reverse(), 3)
    for (const c of candidates)
      expect([...again.get(c.id)!].sort()).toEqual([...first.get(c.id)!].sort())
  })

  it('skips declared conflicts and says when too few judges are eligible', () => {
    const plan = assignReviewers(
      [{ id: 'x', college: 'Only College' }],
      [
        { id: 'a', affiliation: 'Only College' },
        { id: 'b', affiliation: null },
        { id: 'c', affiliation: null },
      ],
      3,
      new Set(['x:c']),
    )
    expect(plan.get('x')).toEqual(['b'])
  })
})

describe('jury reviews through the API', () => {
  let ctx: TestContext
  let admin: string
  let roundId: string
  const db = () => ctx.database.db
  const call = caller(() => ctx.app)
  const judges: { id: string; cookie: string }[] = []
  const entries: { submissionId: string; applicantId: string; name: string }[] = []

  async function judge(name: string, affiliation: string | null) {
    const email = `${name.toLowerCase()}.${Date.now()}@example.org`
    await addStaff(db(), { email, password: 'judge password', role: 'jury' })
    await db().execute(
      sql`update staff_users set affiliation = ${affiliation}, name = ${name} where email = ${email}`,
    )
    const [row] = await db()
      .select()
      .from(staffUsers)
      .where(sql`email = ${email}`)
    judges.push({ id: row!.id, cookie: await signIn(ctx.app, email, 'judge password') })
  }
  const scoresFor = (rubric: Rubric, value: number) =>
    rubric.criteria.map((c) => ({ criterionId: c.id, score: value }))
  const review = async (judgeIndex: number, entry: number, value: number) => {
    const j = judges[judgeIndex]!
    const mine = (
      await call('GET', `/api/submissions/${entries[entry]!.submissionId}/review`, j.cookie)
    ).json<MyReview>()
    return call('PUT', `/api/submissions/${entries[entry]!.submissionId}/review`, j.cookie, {
      scores: scoresFor(mine.rubric, value),
      comment: `score ${value}`,
    })
  }

  beforeAll(async () => {
    ctx = await createTestContext()
    admin = await signedInStaff(ctx.app, db(), 'admin')
    const [round] = await db()
      .insert(rounds)
      .values({ name: 'Stage 3: Project', description: 'Projects' })
      .returning()
    roundId = round!.id
    for (const [i, college] of [
      'North College',
      'South College',
      'East College',
      'West College',
    ].entries()) {
      const person = await newApplicant(db())
      await db().execute(
        sql`update applicants set college_name = ${college}, name = ${`Team ${'ABCD'[i]}`} where id = ${person.id}`,
      )
      const s = await submitInRound(db(), person.id, roundId, 'https://github.com/t/r')
      entries.push({ submissionId: s.id, applicantId: person.id, name: `Team ${'ABCD'[i]}` })
    }
    await judge('Harsh', 'North College')
    await judge('Lenient', null)
    await judge('Third', 'south college')
  })
  afterAll(() => ctx.close())

  it('starts a round with the Review Guidelines rubric: four criteria, 1 to 10, equal weights', async () => {
    const rubric = (await call('GET', `/api/rounds/${roundId}/rubric`, admin)).json<Rubric>()
    expect(rubric.criteria.map((c) => c.name)).toEqual([...DEFAULT_CRITERIA])
    expect(
      rubric.criteria.every((c) => c.weight === 1 && c.scaleMin === 1 && c.scaleMax === 10),
    ).toBe(true)
    expect(rubric.locked).toBe(false)
    // Editable before the first review.
    const edited = await call('PUT', `/api/rounds/${roundId}/rubric`, admin, {
      criteria: [
        { name: 'Code quality', weight: 2, scaleMin: 1, scaleMax: 10 },
        { name: 'Innovation', weight: 1, scaleMin: 1, scaleMax: 10 },
      ],
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json<Rubric>().criteria.map((c) => c.weight)).toEqual([2, 1])
    const asJury = await call('PUT', `/api/rounds/${roundId}/rubric`, judges[0]!.cookie, {
      criteria: [],
    })
    expect(asJury.statusCode).toBe(403)
  })

  it('assigns 2 judges per submission avoiding each judge’s college, and shows coverage', async () => {
    const res = await call('POST', `/api/rounds/${roundId}/assignments`, admin, {
      reviewsPerSubmission: 2,
    })
    expect(res.statusCode).toBe(200)
    const overview = res.json<AssignmentOverview>()
    expect(overview).toMatchObject({
      reviewsPerSubmission: 2,
      submissions: 4,
      underAssigned: 0,
      underReviewed: 4,
    })
    expect(overview.judges.map((j) => j.assigned).reduce((a, b) => a + b, 0)).toBe(8)
    const pairs = await ctx.database.db.execute(sql`
      select u.affiliation, a2.college_name from review_assignments a
        join staff_users u on u.id = a.juror_id
        join submissions s on s.id = a.submission_id
        join applicants a2 on a2.id = s.applicant_id`)
    for (const p of (
      pairs as unknown as { rows: { affiliation: string | null; college_name: string }[] }
    ).rows)
      expect(sameCollege(p.affiliation, p.college_name)).toBe(false)
    const again = (
      await call('POST', `/api/rounds/${roundId}/assignments`, admin, { reviewsPerSubmission: 2 })
    ).json()
    expect(again.judges).toEqual(overview.judges)
  })

  it('saves reviews with their history, refuses scores outside the scale, and locks the rubric', async () => {
    expect((await review(0, 2, 4)).statusCode).toBe(200)
    const edited = await review(0, 2, 5)
    expect(edited.statusCode).toBe(200)
    const mine = edited.json<MyReview>()
    expect(mine.total).toBe(5)
    expect(mine.history.map((v) => v.comment)).toEqual(['score 5', 'score 4'])
    // The jury's list carries the same total for the card, with the assignment flag.
    const listed = (
      await call('GET', `/api/submissions?roundId=${roundId}`, judges[0]!.cookie)
    ).json().submissions as {
      id: string
      myReview: { total: number | null; savedAt: string | null }
    }[]
    expect(listed.find((x) => x.id === entries[2]!.submissionId)!.myReview).toMatchObject({
      total: 5,
      savedAt: mine.savedAt,
    })
    const outside = await review(0, 1, 11)
    expect(outside.statusCode).toBe(400)
    expect(outside.json().message).toBe('Code quality: the score must be from 1 to 10')
    const partial = await call(
      'PUT',
      `/api/submissions/${entries[1]!.submissionId}/review`,
      judges[0]!.cookie,
      {
        scores: [{ criterionId: mine.rubric.criteria[0]!.id, score: 5 }],
      },
    )
    expect(partial.json().message).toBe(REVIEW_MESSAGES.notScored)
    const locked = await call('PUT', `/api/rounds/${roundId}/rubric`, admin, {
      criteria: [{ name: 'Only one', weight: 1, scaleMin: 1, scaleMax: 5 }],
    })
    expect(locked.statusCode).toBe(409)
    expect(locked.json().message).toBe(REVIEW_MESSAGES.rubricLocked)
  })

  it('a declared conflict removes the submission from the judge’s list and their reviews', async () => {
    const target = entries[3]!.submissionId
    const list = async () =>
      (await call('GET', `/api/submissions?roundId=${roundId}`, judges[2]!.cookie))
        .json()
        .submissions.map((s: { id: string }) => s.id)
    expect(await list()).toContain(target)
    const res = await call('POST', `/api/submissions/${target}/conflict`, judges[2]!.cookie, {
      reason: 'My cousin',
    })
    expect(res.json().message).toBe(REVIEW_MESSAGES.conflictSaved)
    expect(await list()).not.toContain(target)
    expect((await review(2, 3, 6)).statusCode).toBe(403)
    const overview = (
      await call('GET', `/api/rounds/${roundId}/assignments`, admin)
    ).json<AssignmentOverview>()
    expect(overview.judges.find((j) => j.id === judges[2]!.id)!.conflicts).toBe(1)
  })

  it("refuses a review from a judge of the submitter's college, and the ranking ignores one saved before the rule", async () => {
    // Harsh (0) is of North College, like Team A (0).
    const refused = await review(0, 0, 7)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(REVIEW_MESSAGES.ownCollege)
    const before = (await call('GET', `/api/rounds/${roundId}/ranking`, admin)).json<Ranking>()
    // One that exists anyway (saved before the rule): it counts for nothing.
    const [stored] = await db()
      .insert(reviews)
      .values({
        submissionId: entries[0]!.submissionId,
        jurorId: judges[0]!.id,
        savedAt: new Date(),
        comment: 'own college',
      })
      .returning()
    const rubric = (await call('GET', `/api/rounds/${roundId}/rubric`, admin)).json<Rubric>()
    await db()
      .insert(reviewScores)
      .values(rubric.criteria.map((c) => ({ reviewId: stored!.id, criterionId: c.id, score: 10 })))
    const after = (await call('GET', `/api/rounds/${roundId}/ranking`, admin)).json<Ranking>()
    expect(after.entries).toEqual(before.entries)
    await db().delete(reviews).where(eq(reviews.id, stored!.id))
  })

  it('ranks by judge-normalized score beside the raw mean, exports it, and closes reviews on time', async () => {
    // Harsh (0, of North College) scores C 3, D 5; Lenient (1) scores A 8, B 9 (the
    // hand-checked example).
    await review(0, 2, 3)
    await review(0, 3, 5)
    await review(1, 0, 8)
    await review(1, 1, 9)
    const res = await call('GET', `/api/rounds/${roundId}/ranking`, admin)
    const result = res.json<Ranking>()
    expect(result.entries.map((e) => e.applicant.name)).toEqual([
      'Team B',
      'Team D',
      'Team A',
      'Team C',
    ])
    expect(result.entries[0]).toMatchObject({
      rank: 1,
      normalizedScore: 8.63,
      rawScore: 9,
      reviews: 1,
      spread: 0,
      roundState: 'submitted',
    })
    expect(result.entries[1]!.normalizedScore).toBe(8.63)
    expect(result.method).toMatch(/z-scores/)
    const csv = await call('GET', `/api/rounds/${roundId}/ranking.csv`, admin)
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="ranking_\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(csv.body.split('\r\n')[1]).toMatch(/^1,.*,Team B,South College,submitted,8\.63,9,1,0$/)

    // The top one is selected with the existing rule and its notification.
    const selected = await call(
      'POST',
      `/api/applicants/${result.entries[0]!.applicant.id}/select`,
      admin,
    )
    expect(selected.statusCode).toBe(200)

    await call('PUT', `/api/rounds/${roundId}/rubric`, admin, {
      criteria: (await call('GET', `/api/rounds/${roundId}/rubric`, admin))
        .json<Rubric>()
        .criteria.map(({ name, weight, scaleMin, scaleMax }) => ({
          name,
          weight,
          scaleMin,
          scaleMax,
        })),
      reviewClosesAt: new Date(Date.now() - 1000).toISOString(),
    })
    const closed = await review(0, 2, 7)
    expect(closed.statusCode).toBe(409)
    expect(closed.json().message).toBe(REVIEW_MESSAGES.reviewClosed)
  })
})
