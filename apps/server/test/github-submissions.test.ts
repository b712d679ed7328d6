/**
 * Issue 10 against a fake GitHub speaking the REST endpoints we use (repository, commits, compare)
 * on loopback: pins at submission, 'not verified yet' while GitHub is down, the freeze at the
 * deadline, and pushes after it found by the compare API.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  REPOSITORY_MESSAGES,
  type ApplicantSubmission,
  type RepositoryCheck,
} from '@hackathon/contract'
import { rowsOf } from '../src/db/client.js'
import { rounds } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { bearerFor, newApplicant } from './support/fixtures.js'
import { startGitHubServer } from './support/github-server.js'

describe('GitHub checks of submissions', () => {
  let github: Awaited<ReturnType<typeof startGitHubServer>>
  let ctx: TestContext
  let admin: string
  const db = () => ctx.database.db

  const submit = (token: string, stageId: string, githubUrl: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/applicant/submit-stage',
      payload: { stageId, githubUrl, documents: [] },
      headers: { authorization: `Bearer ${token}` },
    })
  const mine = async (token: string): Promise<ApplicantSubmission[]> =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/applicant/my-submissions',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().submissions
  const repositoryOf = async (token: string): Promise<RepositoryCheck | null> =>
    (await mine(token))[0]!.repository

  /** A registered applicant: each test's round is made the first round, open to everyone. */
  async function applicant() {
    const person = await newApplicant(db())
    return { person, token: await bearerFor(db(), person.id) }
  }
  /** A round made through the API, as an organizer would: that is what queues its freeze. */
  async function round(name: string, endsInMs: number) {
    const startTime = new Date(Date.now() - 3_600_000)
    const endTime = new Date(Date.now() + endsInMs)
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/rounds',
      headers: { cookie: admin },
      payload: {
        name,
        description: name,
        status: 'active',
        startTime: startTime.toISOString(),
        endTime: endTime.toISOString(),
        requirements: [{ description: 'Code', required: false }],
        prizes: [],
        currentParticipants: '0',
        position: 1,
      },
    })
    expect(res.statusCode).toBe(201)
    return { id: res.json().id as string, name, description: name, startTime, endTime }
  }

  beforeAll(async () => {
    github = await startGitHubServer({})
    github.state.token = 'test-token-with-access'
    ctx = await createTestContext({
      GITHUB_VERIFY: 'on',
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: 'test-token-with-access',
      GITHUB_TIMEOUT_MS: '1000',
      GITHUB_RETRY_DELAY_SECONDS: '1',
      EMAIL_POLL_SECONDS: '0.5',
    })
    admin = await signedInStaff(ctx.app, db(), 'admin')
  })
  afterAll(async () => {
    await ctx.close()
    await github.stop()
  })

  it('accepts a public repository and pins its default-branch head at the moment it was submitted', async () => {
    const stage = await round('Stage 1: Ideas', 86_400_000)
    github.state.addRepo('octo/ideas', { fork: true, createdAt: '2025-01-01T00:00:00Z' })
    const [head] = github.state.push('octo/ideas', 1)
    const { token } = await applicant()
    const before = Date.now()
    const res = await submit(token, stage.id, 'https://github.com/octo/ideas')
    expect(res.statusCode).toBe(200)
    const repository = await repositoryOf(token)
    expect(repository).toMatchObject({
      state: 'verified',
      owner: 'octo',
      repo: 'ideas',
      defaultBranch: 'main',
      pinnedSha: head,
      isFork: true,
      isArchived: false,
      createdBeforeRound: true,
      frozenSha: null,
    })
    expect(new Date(repository!.pinnedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000)
  })

  it('refuses a private or missing repository with a clear message and records nothing', async () => {
    const stage = await round('Stage 1: Private', 86_400_000)
    github.state.addRepo('octo/secret', { private: true })
    const { token } = await applicant()
    const secret = await submit(token, stage.id, 'https://github.com/octo/secret')
    expect(secret.statusCode).toBe(400)
    expect(secret.json().message).toBe(REPOSITORY_MESSAGES.private)
    const missing = await submit(token, stage.id, 'https://github.com/octo/nowhere')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe(REPOSITORY_MESSAGES.notFound)
    expect(await mine(token)).toEqual([])
  })

  it('accepts a submission while GitHub is down as not verified yet, and verifies it when GitHub is back', async () => {
    const stage = await round('Stage 1: Outage', 86_400_000)
    github.state.addRepo('octo/outage')
    const { token } = await applicant()
    github.state.down = true
    try {
      const res = await submit(token, stage.id, 'https://github.com/octo/outage')
      expect(res.statusCode).toBe(200)
      expect(await repositoryOf(token)).toMatchObject({ state: 'pending', pinnedSha: null })
      // The job keeps asking while GitHub is down.
      await expect
        .poll(
          async () =>
            (
              await rowsOf<{ retry_count: number }>(
                db(),
                sql`select retry_count from pgboss.job where name = 'github.verify' order by created_on desc limit 1`,
              )
            )[0]?.retry_count ?? 0,
          { timeout: 15_000, interval: 200 },
        )
        .toBeGreaterThanOrEqual(1)
    } finally {
      github.state.down = false
    }
    const head = github.state.push('octo/outage', 1)[0]
    await expect
      .poll(async () => (await repositoryOf(token))?.pinnedSha, { timeout: 20_000, interval: 200 })
      .toBe(head)
    expect(await repositoryOf(token)).toMatchObject({ state: 'verified' })
  })

  it('freezes every submission at the end time, flags pushes after it from the compare API, and exports the frozen SHA', async () => {
    const stage = await round('Stage 2: Prototype', 4000)
    github.state.addRepo('team/one')
    github.state.addRepo('team/two')
    const first = await applicant()
    const second = await applicant()
    expect((await submit(first.token, stage.id, 'https://github.com/team/one')).statusCode).toBe(
      200,
    )
    expect((await submit(second.token, stage.id, 'https://github.com/team/two')).statusCode).toBe(
      200,
    )
    // A push after submitting but before the deadline belongs to the submission.
    const [lastBeforeDeadline] = github.state.push('team/one', 1)
    const twoHead = github.state.repo('team/two').branches.main!.at(-1)

    // The freeze job runs at the end time by itself (one repository after the other).
    await expect
      .poll(
        async () => [
          (await repositoryOf(first.token))?.frozenSha,
          (await repositoryOf(second.token))?.frozenSha,
        ],
        { timeout: 20_000, interval: 200 },
      )
      .toEqual([lastBeforeDeadline, twoHead])
    const frozen = await repositoryOf(first.token)
    expect(new Date(frozen!.frozenAt!).getTime()).toBeGreaterThanOrEqual(stage.endTime!.getTime())

    // Pushed after the deadline: found by comparing commits, whatever dates they claim.
    const late = github.state.push('team/one', 2)
    const check = await ctx.app.inject({
      method: 'POST',
      url: `/api/rounds/${stage.id}/github-check`,
      payload: {},
      headers: { cookie: admin },
    })
    expect(check.statusCode).toBe(200)
    expect(check.json()).toEqual({ frozen: 0, compared: 2 })
    const flagged = await repositoryOf(first.token)
    expect(flagged).toMatchObject({ commitsAfterDeadline: 2, historyRewritten: false })
    expect(flagged!.pushedAfter.map((c) => c.sha)).toEqual(late)
    expect(await repositoryOf(second.token)).toMatchObject({ commitsAfterDeadline: 0 })

    // The jury's view carries the same record.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/submissions?roundId=${stage.id}`,
      headers: { cookie: admin },
    })
    const one = list
      .json()
      .submissions.find((s: { githubUrl: string }) => s.githubUrl.endsWith('/one'))
    expect(one.repository).toMatchObject({ frozenSha: lastBeforeDeadline, commitsAfterDeadline: 2 })

    // A force-push that drops the frozen commit is told apart from ordinary pushes.
    github.state.forcePush('team/two', [github.state.newSha()])
    await ctx.app.inject({
      method: 'POST',
      url: `/api/rounds/${stage.id}/github-check`,
      payload: {},
      headers: { cookie: admin },
    })
    expect(await repositoryOf(second.token)).toMatchObject({ historyRewritten: true })

    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/export-applicants',
      payload: {},
      headers: { cookie: admin },
    })
    expect(csv.body.split('\r\n')[0]).toMatch(/,Frozen Commit$/)
    expect(csv.body).toContain(lastBeforeDeadline)
  })

  it('decides the deadline by when a submission arrived, not by when a slow GitHub answered, and still freezes it', async () => {
    const stage = await round('Stage 2: Slow GitHub', 1500)
    const head = github.state.addRepo('team/slow').branches.main!.at(-1)
    const { token } = await applicant()
    github.state.delayMs = 1200
    try {
      // Sent half a second before the end; GitHub's two answers take 2.4 s.
      await new Promise((resolve) =>
        setTimeout(resolve, stage.endTime.getTime() - Date.now() - 500),
      )
      const sentAt = Date.now()
      const res = await submit(token, stage.id, 'https://github.com/team/slow')
      expect(Date.now()).toBeGreaterThan(stage.endTime.getTime())
      expect(res.statusCode).toBe(200)
      const [mine] = await (async () => {
        const list = await ctx.app.inject({
          method: 'GET',
          url: '/api/applicant/my-submissions',
          headers: { authorization: `Bearer ${token}` },
        })
        return list.json().submissions as ApplicantSubmission[]
      })()
      // Recorded as sent: before the end time.
      expect(new Date(mine!.submittedAt!).getTime()).toBeLessThan(stage.endTime.getTime())
      expect(new Date(mine!.submittedAt!).getTime()).toBeGreaterThanOrEqual(sentAt - 1000)
    } finally {
      github.state.delayMs = 0
    }
    // The round's freeze may have run before it was recorded: it is frozen all the same.
    await expect
      .poll(async () => (await repositoryOf(token))?.frozenSha, { timeout: 20_000, interval: 200 })
      .toBe(head)
    // One sent after the end is refused, however fast GitHub is.
    const late = await applicant()
    const refused = await submit(late.token, stage.id, 'https://github.com/team/slow')
    expect(refused.statusCode).toBe(403)
  })

  it("records who moved a round's deadline, from what to what, and queues the freeze for the new time", async () => {
    const stage = await round('Stage 3: Project', 86_400_000)
    const newEnd = new Date(Date.UTC(2030, 0, 15, 18, 30))
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/rounds/${stage.id}`,
      headers: { cookie: admin },
      payload: {
        name: stage.name,
        description: stage.description,
        status: 'active',
        startTime: stage.startTime!.toISOString(),
        endTime: newEnd.toISOString(),
        requirements: [{ description: 'Code' }],
        prizes: [],
      },
    })
    expect(res.statusCode).toBe(200)
    const [item] = await rowsOf<{ name: string; action: string }>(
      db(),
      sql`select name, action from activity where type = 'deadline' order by created_at desc limit 1`,
    )
    expect(item!.name).toMatch(/.+/)
    expect(item!.action).toBe(
      `changed the deadline of Stage 3: Project from ${stage.endTime!.toISOString().slice(0, 16).replace('T', ' ')} UTC to 2030-01-15 18:30 UTC`,
    )
    const jobs = await rowsOf<{ start_after: Date }>(
      db(),
      sql`select start_after from pgboss.job where name = 'github.freeze' and data->>'roundId' = ${stage.id}`,
    )
    expect(jobs.map((j) => new Date(j.start_after).toISOString())).toContain(newEnd.toISOString())
    const [stored] = await db().select().from(rounds).where(eq(rounds.id, stage.id))
    expect(stored!.endTime!.toISOString()).toBe(newEnd.toISOString())
  })
})
