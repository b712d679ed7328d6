import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplicantSubmission, Round } from '@hackathon/contract'
import { rowsOf } from '../src/db/client.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff, signIn, signedInStaff } from './staff-helpers.js'
import { bearerFor, multipart, newApplicant } from './support/fixtures.js'

const pdf = (bytes: number) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(Math.max(0, bytes - 9), 0x20)])

/** Requirement answers: files, links and texts, checked by the server (docs/product/submissions.md#answers). */
describe('requirement answers', () => {
  let ctx: TestContext
  let admin: string
  let round: Round
  const db = () => ctx.database.db
  const req = (i: number) => round.requirements[i]!.id

  const upload = (token: string, requirementId: string, name: string, data: Buffer) => {
    const { body, contentType } = multipart('file', name, data)
    return ctx.app.inject({
      method: 'POST',
      url: `/api/applicant/answer-files?requirementId=${requirementId}`,
      payload: body,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    })
  }
  const submit = (token: string, answers: object[]) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/applicant/submit-stage',
      headers: { authorization: `Bearer ${token}` },
      payload: { stageId: round.id, githubUrl: 'https://github.com/answers/repo', answers },
    })
  const person = async () => {
    const p = await newApplicant(db())
    return { ...p, token: await bearerFor(db(), p.id) }
  }

  beforeAll(async () => {
    ctx = await createTestContext({ ANSWER_STORAGE_MB_PER_APPLICANT: '0.2' })
    admin = await signedInStaff(ctx.app, db(), 'admin')
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/rounds',
      headers: { cookie: admin },
      payload: {
        name: 'Ideas',
        description: 'Send your idea',
        status: 'active',
        requirements: [
          { description: 'Idea deck', kind: 'file', fileTypes: ['pdf'], maxSizeMb: 1 },
          { description: 'Pitch video', kind: 'link' },
          { description: 'One-line summary', kind: 'text', required: false },
          {
            description: 'Budget',
            kind: 'file',
            fileTypes: ['pdf'],
            maxSizeMb: 1,
            required: false,
          },
          {
            description: 'Poster',
            kind: 'file',
            fileTypes: ['pdf', 'png'],
            maxSizeMb: 1,
            required: false,
          },
        ],
      },
    })
    expect(res.statusCode).toBe(201)
    round = res.json()
  })
  afterAll(() => ctx.close())

  it('takes a file of an allowed type by its content, within the requirement size, and refuses the rest', async () => {
    const { token } = await person()
    const ok = await upload(token, req(0), 'deck.pdf', pdf(2000))
    expect(ok.statusCode).toBe(201)
    expect(ok.json()).toMatchObject({
      name: 'deck.pdf',
      size: 2000,
      contentType: 'application/pdf',
    })
    const renamed = await upload(token, req(0), 'deck.pdf', Buffer.from('MZ\x90\x00 an executable'))
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json().message).toContain('Invalid File Type')
    const wrongType = await upload(
      token,
      req(0),
      'deck.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    )
    expect(wrongType.statusCode).toBe(400)
    const tooBig = await upload(token, req(0), 'deck.pdf', pdf(1024 * 1024 + 1))
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json().message).toBe('File Too Large: "Idea deck" takes files up to 1 MB.')
    const notAFile = await upload(token, req(1), 'deck.pdf', pdf(100))
    expect(notAFile.statusCode).toBe(400)
    expect(notAFile.json().message).toContain('takes a link')
  })

  it("refuses a submission without a required answer, or with an answer of the wrong kind or someone else's file", async () => {
    const me = await person()
    const other = await person()
    const theirs = (await upload(other.token, req(0), 'theirs.pdf', pdf(500))).json()
    const missing = await submit(me.token, [
      { requirementId: req(1), url: 'https://video.example/pitch' },
    ])
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({
      code: 'ANSWER_MISSING',
      message: 'Please answer "Idea deck": it is required.',
    })
    const wrongKind = await submit(me.token, [
      { requirementId: req(0), text: 'a deck in words' },
      { requirementId: req(1), url: 'https://video.example/pitch' },
    ])
    expect(wrongKind.json().message).toBe('"Idea deck" takes a file as its answer')
    const stolen = await submit(me.token, [
      { requirementId: req(0), fileId: theirs.id },
      { requirementId: req(1), url: 'https://video.example/pitch' },
    ])
    expect(stolen.statusCode).toBe(400)
    expect(stolen.json().message).toBe('An uploaded file is no longer available: upload it again.')
    const notALink = await submit(me.token, [{ requirementId: req(1), url: 'javascript:alert(1)' }])
    expect(notALink.statusCode).toBe(400)
    expect(
      await rowsOf(db(), sql`select 1 from submissions where applicant_id = ${me.id}`),
    ).toEqual([])
  })

  it('keeps the answers with the submission; the owner and staff download the file, nobody else', async () => {
    const me = await person()
    const stranger = await person()
    const file = (await upload(me.token, req(0), 'idea deck.pdf', pdf(1234))).json()
    const res = await submit(me.token, [
      { requirementId: req(0), fileId: file.id },
      { requirementId: req(1), url: 'https://video.example/pitch' },
      { requirementId: req(2), text: 'Solar dryers for small farms' },
    ])
    expect(res.statusCode).toBe(200)
    const mine = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/applicant/my-submissions',
        headers: { authorization: `Bearer ${me.token}` },
      })
    ).json<{ submissions: ApplicantSubmission[] }>().submissions[0]!
    expect(mine.answers.map((a) => [a.description, a.file?.name ?? a.url ?? a.text])).toEqual([
      ['Idea deck', 'idea deck.pdf'],
      ['Pitch video', 'https://video.example/pitch'],
      ['One-line summary', 'Solar dryers for small farms'],
    ])
    expect(mine.answers[0]!.file!.url).toBe(`/api/applicant/answer-files/${file.id}`)
    const own = await ctx.app.inject({
      method: 'GET',
      url: mine.answers[0]!.file!.url,
      headers: { authorization: `Bearer ${me.token}` },
    })
    expect(own.statusCode).toBe(200)
    expect(own.rawPayload.length).toBe(1234)
    expect(own.headers['content-disposition']).toContain('attachment')
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: mine.answers[0]!.file!.url,
      headers: { authorization: `Bearer ${stranger.token}` },
    })
    expect(foreign.statusCode).toBe(404)
    // Answer files are never public, unlike templates.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/files/${file.id}` })).statusCode).toBe(
      404,
    )
    const staff = await ctx.app.inject({
      method: 'GET',
      url: `/api/answer-files/${file.id}`,
      headers: { cookie: admin },
    })
    expect(staff.statusCode).toBe(200)
    // A jury member who declared a conflict with this submission does not get it.
    await addStaff(db(), { email: 'conflicted@example.org', password: 'conflicted', role: 'jury' })
    const jury = await signIn(ctx.app, 'conflicted@example.org', 'conflicted')
    const [submission] = await rowsOf<{ id: string }>(
      db(),
      sql`select id from submissions where applicant_id = ${me.id}`,
    )
    const conflict = await ctx.app.inject({
      method: 'POST',
      url: `/api/submissions/${submission!.id}/conflict`,
      headers: { cookie: jury },
      payload: { reason: 'My student' },
    })
    expect(conflict.statusCode).toBeLessThan(300)
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/answer-files/${file.id}`,
          headers: { cookie: jury },
        })
      ).statusCode,
    ).toBe(404)
  })

  it('replaces unused uploads, and keeps one applicant within the storage allowed under a burst of 300 uploads', async () => {
    const me = await person()
    // 300 uploads at once, 80 KB each, over three file requirements, with 200 KB allowed in all:
    // each upload replaces the unused one of its requirement, so at most two files fit.
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        upload(me.token, req([0, 3, 4][i % 3]!), `part-${i}.pdf`, pdf(80 * 1024)),
      ),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.every((c) => c === 201 || c === 413)).toBe(true)
    expect(codes).toContain(413)
    const refused = answers.find((a) => a.statusCode === 413)!
    expect(refused.json().message).toContain('contact the organizers')
    const [stored] = await rowsOf<{ files: number; bytes: number }>(
      db(),
      sql`select count(*)::int as files, coalesce(sum(size), 0)::int as bytes from files where owner_applicant_id = ${me.id}`,
    )
    expect(stored!.files).toBeLessThanOrEqual(2)
    expect(stored!.bytes).toBeLessThanOrEqual(0.2 * 1024 * 1024)
  }, 120_000)

  it('refuses an upload to a round that is not open to the applicant', async () => {
    const { token } = await person()
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/rounds/${round.id}`,
      headers: { cookie: admin },
      payload: {
        name: round.name,
        description: round.description,
        status: 'completed',
        requirements: round.requirements.map((r) => ({ ...r, templateFileId: null })),
      },
    })
    const res = await upload(token, req(0), 'late.pdf', pdf(100))
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('STAGE_CLOSED')
  })
})
