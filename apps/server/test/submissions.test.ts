import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.js'
import { applicants, requirements, rounds, submissions } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff, signIn } from './staff-helpers.js'
import { eventually } from './support/eventually.js'
import { bearerFor, newApplicant, placeInRound } from './support/fixtures.js'
import { findByIdForUpdate } from '../src/modules/rounds/rounds.repo.js'
import { submissionContext } from '../src/modules/submissions/submissions.repo.js'

describe('stage submissions', () => {
  let ctx: TestContext
  let first: { id: string; requirementIds: string[] }
  let second: string
  const submit = (token: string | undefined, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/applicant/submit-stage',
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })

  async function addRound(
    values: Partial<typeof rounds.$inferInsert> & { name: string },
    reqs: string[] = ['Idea document'],
  ) {
    const [round] = await ctx.database.db
      .insert(rounds)
      .values({ description: 'A stage', status: 'active', ...values })
      .returning()
    const rows = await ctx.database.db
      .insert(requirements)
      .values(reqs.map((description, position) => ({ roundId: round!.id, position, description })))
      .returning({ id: requirements.id })
    return { id: round!.id, requirementIds: rows.map((r) => r.id) }
  }

  beforeAll(async () => {
    ctx = await createTestContext()
    first = await addRound(
      {
        name: 'Stage 1: Ideas',
        startTime: new Date('2026-01-01T00:00:00Z'),
        endTime: new Date(Date.now() + 86_400_000),
      },
      ['Idea document', 'Slides'],
    )
    second = (
      await addRound({ name: 'Stage 2: Prototype', startTime: new Date('2026-02-01T00:00:00Z') })
    ).id
  })
  afterAll(() => ctx.close())

  it('takes two first submissions of one applicant sent at once as a submission and an update', async () => {
    const person = await newApplicant(ctx.database.db)
    const token = await bearerFor(ctx.database.db, person.id)
    const urls = ['https://github.com/twins/one', 'https://github.com/twins/two']
    const answers = await Promise.all(
      urls.map((githubUrl) => submit(token, { stageId: first.id, githubUrl, documents: [] })),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    expect(answers.map((a) => a.json().message).sort()).toEqual([
      'Your submission has been received.',
      'Your submission has been updated.',
    ])
    const stored = await rowsOf<{ github_url: string; versions: number; activity: number }>(
      ctx.database.db,
      sql`select s.github_url,
                 (select count(*)::int from submission_versions v where v.submission_id = s.id) as versions,
                 (select count(*)::int from activity a where a.applicant_id = s.applicant_id) as activity
            from submissions s where s.applicant_id = ${person.id}`,
    )
    // One submission (the later answer's URL), the earlier one kept as a version, one activity item.
    expect(stored).toHaveLength(1)
    const updated = answers.findIndex((a) => a.json().message.includes('updated'))
    expect(stored[0]).toEqual({ github_url: urls[updated], versions: 1, activity: 1 })
  })

  it('checks the GitHub URL with the contractual messages', async () => {
    const person = await newApplicant(ctx.database.db)
    const token = await bearerFor(ctx.database.db, person.id)
    const empty = await submit(token, { stageId: first.id, githubUrl: '', documents: [] })
    expect(empty.json().message).toContain('GitHub repository URL is required')
    for (const bad of [
      'https://gitlab.com/a/b',
      'http://github.com/a/b',
      'https://github.com/only-owner',
      'https://github.com/a/b/tree/main',
      'https://github.com/a/b?x=1',
    ]) {
      const res = await submit(token, { stageId: first.id, githubUrl: bad, documents: [] })
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().message).toContain(
        'Please enter a valid GitHub repository URL (e.g., https://github.com/username/repository)',
      )
    }
    expect(
      (
        await submit(token, {
          stageId: first.id,
          githubUrl: 'https://github.com/octo-org/hello.world/',
          documents: [],
        })
      ).statusCode,
    ).toBe(200)
  })

  it('accepts a first submission: submitted status, current stage, activity, receipt; a resubmission keeps the earlier version', async () => {
    const person = await newApplicant(ctx.database.db)
    const token = await bearerFor(ctx.database.db, person.id)
    const res = await submit(token, {
      stageId: first.id,
      githubUrl: 'https://github.com/team/first-try',
      documents: [first.requirementIds[0]],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Your submission has been received.')
    const [after] = await ctx.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.id, person.id))
    expect(after).toMatchObject({
      status: 'submitted',
      currentStage: 'Stage 1: Ideas',
      githubUrl: 'https://github.com/team/first-try',
    })
    const activity = await rowsOf<{ type: string }>(
      ctx.database.db,
      sql`select type from activity where applicant_id = ${person.id}`,
    )
    expect(activity.map((a) => a.type)).toEqual(['submission'])

    const again = await submit(token, {
      stageId: first.id,
      githubUrl: 'https://github.com/team/fixed-url',
      documents: first.requirementIds,
    })
    expect(again.json().message).toBe('Your submission has been updated.')
    const mine = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/applicant/my-submissions',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().submissions
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({
      githubUrl: 'https://github.com/team/fixed-url',
      stageName: 'Stage 1: Ideas',
    })
    // Ticked documents are no answers: nothing is listed as sent (docs/product/submissions.md#answers).
    expect(mine[0].documents).toEqual([])
    expect(mine[0].versions).toEqual([
      {
        githubUrl: 'https://github.com/team/first-try',
        documents: [],
        answers: [],
        submittedAt: expect.any(String),
      },
    ])
    // The receipt tells the submission as it stands: the last URL (one or two receipts, as the
    // second came before or after the first was sent).
    const receipts = await eventually(async () => {
      const rows = await rowsOf<{ text: string }>(
        ctx.database.db,
        sql`select text from email_messages where "to" = ${person.email} and template = 'submission-receipt' order by created_at`,
      )
      return rows.at(-1)?.text.includes('https://github.com/team/fixed-url') ? rows : undefined
    }, 'the receipt of the last submission')
    expect(receipts.length).toBeGreaterThanOrEqual(1)
    expect(receipts.length).toBeLessThanOrEqual(2)
    const activityAfter = await rowsOf(
      ctx.database.db,
      sql`select 1 from activity where applicant_id = ${person.id}`,
    )
    expect(activityAfter).toHaveLength(1)
  })

  it('refuses an unknown stage (404), an inactive one and an expired one (403)', async () => {
    const person = await newApplicant(ctx.database.db)
    const token = await bearerFor(ctx.database.db, person.id)
    const url = 'https://github.com/team/repo'
    expect(
      (await submit(token, { stageId: '00000000-0000-4000-8000-000000000000', githubUrl: url }))
        .statusCode,
    ).toBe(404)
    // An upcoming round in first place: open to everyone, but not yet.
    const upcoming = await addRound({ name: 'Later', status: 'upcoming' })
    await ctx.database.db.update(rounds).set({ position: -1 }).where(eq(rounds.id, upcoming.id))
    const inactive = await submit(token, { stageId: upcoming.id, githubUrl: url })
    expect(inactive.statusCode).toBe(403)
    expect(inactive.json()).toMatchObject({
      code: 'STAGE_NOT_OPEN_YET',
      message: expect.stringContaining('This stage is not currently active for submissions'),
    })
    await ctx.database.db.delete(rounds).where(eq(rounds.id, upcoming.id))
    const past = await addRound({
      name: 'Past',
      startTime: new Date('2025-01-01T00:00:00Z'),
      endTime: new Date(Date.now() - 1000),
    })
    const expired = await submit(token, { stageId: past.id, githubUrl: url })
    expect(expired.statusCode).toBe(403)
    expect(expired.json()).toMatchObject({
      code: 'STAGE_EXPIRED',
      message: 'This stage has expired and no longer accepts submissions.',
    })
    await ctx.database.db.delete(rounds).where(eq(rounds.id, past.id))
  })

  it('opens a later stage only to those advanced from the stage before it', async () => {
    const registered = await newApplicant(ctx.database.db)
    const res = await submit(await bearerFor(ctx.database.db, registered.id), {
      stageId: second,
      githubUrl: 'https://github.com/a/b',
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      code: 'STAGE_LOCKED',
      message:
        'You are not eligible to submit for this stage: you must be selected in Stage 1: Ideas first.',
    })
    const advanced = await newApplicant(ctx.database.db)
    await placeInRound(ctx.database.db, advanced.id, first.id, 'advanced')
    expect(
      (
        await submit(await bearerFor(ctx.database.db, advanced.id), {
          stageId: second,
          githubUrl: 'https://github.com/a/b',
        })
      ).statusCode,
    ).toBe(200)
    // A decision in stage 1 closes it to them, whatever the clock says.
    const stopped = await newApplicant(ctx.database.db)
    await placeInRound(ctx.database.db, stopped.id, first.id, 'not_advanced')
    const closed = await submit(await bearerFor(ctx.database.db, stopped.id), {
      stageId: first.id,
      githubUrl: 'https://github.com/a/b',
    })
    expect(closed.json()).toMatchObject({ code: 'STAGE_DECIDED' })
  })

  it("refuses documents of another stage, and calls without an applicant's bearer token", async () => {
    const person = await newApplicant(ctx.database.db)
    const token = await bearerFor(ctx.database.db, person.id)
    const other = await addRound({ name: 'Other stage', status: 'completed' }, ['Foreign doc'])
    await ctx.database.db.update(rounds).set({ position: 99 }).where(eq(rounds.id, other.id))
    const res = await submit(token, {
      stageId: first.id,
      githubUrl: 'https://github.com/a/b',
      documents: other.requirementIds,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('The selected documents do not belong to this stage')
    expect(
      (await submit(undefined, { stageId: first.id, githubUrl: 'https://github.com/a/b' }))
        .statusCode,
    ).toBe(401)
  })

  it('shows the jury the submitted work with its history, and keeps that list to staff', async () => {
    await addStaff(ctx.database.db, {
      email: 'subs.jury@example.org',
      password: 'subs jury',
      role: 'jury',
    })
    const jury = await signIn(ctx.app, 'subs.jury@example.org', 'subs jury')
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/submissions?roundId=${first.id}`,
      headers: { cookie: jury },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.total).toBeGreaterThanOrEqual(2)
    const withHistory = body.submissions.find(
      (s: { githubUrl: string }) => s.githubUrl === 'https://github.com/team/fixed-url',
    )
    expect(withHistory.versions).toHaveLength(1)
    expect(withHistory.round.name).toBe('Stage 1: Ideas')
    expect((await ctx.app.inject({ method: 'GET', url: '/api/submissions' })).statusCode).toBe(401)
  })

  it('decides a burst straddling the deadline by one clock: every answer before it is kept exactly once, none after', async () => {
    // People first: on a busy machine their setup must not eat into the time before the deadline.
    const people = await Promise.all(
      Array.from({ length: 60 }, () => newApplicant(ctx.database.db)),
    )
    const tokens = await Promise.all(people.map((p) => bearerFor(ctx.database.db, p.id)))
    const deadline = new Date(Date.now() + 1_500)
    const stage = await addRound({
      name: 'Deadline rush',
      startTime: new Date('2026-01-01T00:00:00Z'),
      endTime: deadline,
    })
    // The stage must be open to registered applicants: first in the stage order.
    await ctx.database.db.update(rounds).set({ position: -2 }).where(eq(rounds.id, stage.id))
    const results: { index: number; status: number; message: string }[] = []
    const start = Date.now()
    // 60 submissions, one every 25 ms from 0.75 s before the deadline to 0.75 s after.
    await Promise.all(
      tokens.map(async (token, index) => {
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, deadline.getTime() - 750 + index * 25 - Date.now())),
        )
        const res = await submit(token, {
          stageId: stage.id,
          githubUrl: `https://github.com/rush/team-${index}`,
        })
        results.push({ index, status: res.statusCode, message: res.json().message })
      }),
    )
    expect(Date.now() - start).toBeGreaterThan(1_000)
    const accepted = results.filter((r) => r.status === 200)
    const refused = results.filter((r) => r.status === 403)
    expect(accepted.length + refused.length).toBe(60)
    expect(
      refused.every(
        (r) => r.message === 'This stage has expired and no longer accepts submissions.',
      ),
    ).toBe(true)
    const rows = await ctx.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.roundId, stage.id))
    expect(rows).toHaveLength(accepted.length)
    expect(rows.every((r) => r.submittedAt! < deadline)).toBe(true)
    const kept = new Set(rows.map((r) => r.githubUrl))
    expect(accepted.every((r) => kept.has(`https://github.com/rush/team-${r.index}`))).toBe(true)
    expect(refused.every((r) => !kept.has(`https://github.com/rush/team-${r.index}`))).toBe(true)
    // The burst really straddled the deadline.
    expect(accepted.length).toBeGreaterThan(0)
    expect(refused.length).toBeGreaterThan(0)
    await ctx.database.db.delete(submissions).where(eq(submissions.roundId, stage.id))
    await ctx.database.db.delete(rounds).where(eq(rounds.id, stage.id))
  }, 30_000)

  it('holds a change of the round until the submissions in flight have committed (the round clock lock)', async () => {
    const person = await newApplicant(ctx.database.db)
    let release!: () => void
    let locked!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    const inFlight = ctx.database.db.transaction(async (tx) => {
      expect((await submissionContext(tx, first.id, person.id))?.round.id).toBe(first.id)
      locked()
      await new Promise<void>((resolve) => (release = resolve))
    })
    await isLocked
    let changed = false
    const change = ctx.database.db.transaction(async (tx) => {
      await findByIdForUpdate(tx, first.id)
      changed = true
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(changed).toBe(false)
    release()
    await inFlight
    await change
    expect(changed).toBe(true)
  })
})
