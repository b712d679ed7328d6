import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.js'
import { rounds } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { eventually } from './support/eventually.js'
import { bearerFor, newApplicant } from './support/fixtures.js'
import { startGitHubServer, type TestGitHubServer } from './support/github-server.js'

/**
 * One applicant cannot spend everyone's quotas (issue 20, item 10;
 * docs/product/submissions.md#receipts): resubmissions are counted, the receipt and the GitHub
 * check are coalesced, and sign-in codes go out before everything else queued.
 */
describe('what one applicant can spend', () => {
  let ctx: TestContext
  let github: TestGitHubServer
  let roundId: string
  const db = () => ctx.database.db

  beforeAll(async () => {
    github = await startGitHubServer({ unknownRepos: 'public' })
    ctx = await createTestContext({
      GITHUB_VERIFY: 'on',
      GITHUB_API_URL: github.url,
      SUBMISSIONS_PER_APPLICANT_PER_HOUR: '10',
      SUBMISSION_RECEIPT_DELAY_SECONDS: '2',
    })
    const [round] = await db()
      .insert(rounds)
      .values({ name: 'Ideas', description: 'Ideas', status: 'active' })
      .returning()
    roundId = round!.id
  })
  afterAll(async () => {
    await ctx.close()
    await github.stop()
  })

  const submit = (token: string, i: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/applicant/submit-stage',
      headers: { authorization: `Bearer ${token}` },
      payload: { stageId: roundId, githubUrl: `https://github.com/quota/repo-${i % 2}` },
    })

  it('accepts at most the hourly share of 300 submissions sent at once by one applicant, and asks GitHub for those only', async () => {
    const person = await newApplicant(db())
    const token = await bearerFor(db(), person.id)
    const before = github.state.requests.length
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => submit(token, i)))
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(10)
    expect(codes.filter((c) => c === 429)).toHaveLength(290)
    const refused = answers.find((a) => a.statusCode === 429)!
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json().message).toContain('Your last submission is kept')
    // Two calls per check (the repository, its head), for the accepted ones at most.
    expect(github.state.requests.length - before).toBeLessThanOrEqual(2 * 10)
  }, 60_000)

  it('sends one receipt for a burst of resubmissions, telling the last one', async () => {
    const person = await newApplicant(db())
    const token = await bearerFor(db(), person.id)
    for (let i = 0; i < 6; i++) expect((await submit(token, i)).statusCode).toBe(200)
    const receipts = await eventually(async () => {
      const rows = await rowsOf<{ text: string }>(
        db(),
        sql`select text from email_messages where "to" = ${person.email} and template = 'submission-receipt'`,
      )
      return rows.length > 0 ? rows : undefined
    }, 'the receipt')
    // Nothing more comes once the queue is quiet.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    const all = await rowsOf<{ text: string }>(
      db(),
      sql`select text from email_messages where "to" = ${person.email} and template = 'submission-receipt'`,
    )
    expect(all).toHaveLength(1)
    expect(receipts[0]!.text).toContain('https://github.com/quota/repo-1')
    // The same repository again within a minute is not checked again.
    const calls = github.state.requests.length
    expect((await submit(token, 5)).statusCode).toBe(200)
    expect(github.state.requests.length).toBe(calls)
  }, 60_000)

  it('queues sign-in codes ahead of every other email', async () => {
    const person = await newApplicant(db())
    await ctx.app.inject({
      method: 'POST',
      url: '/api/applicant/send-otp',
      payload: { identifier: person.email },
    })
    const priorities = await eventually(async () => {
      const rows = await rowsOf<{ template: string; priority: number }>(
        db(),
        sql`select m.template, j.priority from email_messages m
              join pgboss.job j on j.data->>'messageId' = m.id::text
             where m."to" = ${person.email}`,
      )
      return rows.some((r) => r.template === 'one-time-code') ? rows : undefined
    }, 'the sign-in code')
    expect(priorities.find((r) => r.template === 'one-time-code')!.priority).toBeGreaterThan(0)
    const receipt = await rowsOf<{ priority: number }>(
      db(),
      sql`select j.priority from email_messages m join pgboss.job j on j.data->>'messageId' = m.id::text
           where m.template = 'submission-receipt' limit 1`,
    )
    expect(receipt[0]!.priority).toBe(0)
  })
})
