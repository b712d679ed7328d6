import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submissions } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { caller } from './support/inject.js'
import { multipart, newApplicant } from './support/fixtures.js'

describe('competition rounds and template files', () => {
  let ctx: TestContext
  let admin: string
  let jury: string
  const call = caller(() => ctx.app)
  const upload = (name: string, data: Buffer, cookie = admin) => {
    const form = multipart('file', name, data)
    return ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: form.body,
      headers: { cookie, 'content-type': form.contentType },
    })
  }
  const roundPayload = (overrides: object = {}) => ({
    name: 'Stage 1: Preliminary Ideas Submission Round',
    description: 'Share your idea in two pages.',
    status: 'active',
    startTime: '2026-11-01T09:00:00.000Z',
    endTime: '2026-12-01T18:00:00.000Z',
    maxParticipants: 500,
    requirements: [
      { description: 'Idea document' },
      { description: '' },
      { description: 'Pitch deck' },
    ],
    prizes: ['Gold', '', '  ', 'Silver', 'Bronze'],
    currentParticipants: '0',
    ...overrides,
  })

  beforeAll(async () => {
    ctx = await createTestContext()
    admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
    jury = await signedInStaff(ctx.app, ctx.database.db, 'jury')
  })
  afterAll(() => ctx.close())

  it('accepts a template whose content matches its name, serves it back with its name, and refuses a renamed executable', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
    const res = await upload('Idea Template.pdf', pdf)
    expect(res.statusCode).toBe(201)
    const file = res.json()
    expect(file).toMatchObject({
      name: 'Idea Template.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      url: `/api/files/${file.id}`,
    })
    const download = await ctx.app.inject({ method: 'GET', url: file.url })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.headers['content-disposition']).toContain('Idea Template.pdf')
    expect(download.rawPayload.equals(pdf)).toBe(true)

    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])
    const renamed = await upload('template.pdf', exe)
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json().message).toContain('Invalid File Type')
    expect((await upload('notes.exe', Buffer.from('hello'))).statusCode).toBe(400)
    expect(
      (
        await upload(
          'fake.docx',
          Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('not office')]),
        )
      ).statusCode,
    ).toBe(400)
    expect((await upload('binary.txt', Buffer.from([0x68, 0x00, 0x69]))).statusCode).toBe(400)
    expect(
      (await upload('fine.txt', Buffer.from('Plain UTF-8 text — with a dash'))).statusCode,
    ).toBe(201)
    expect((await upload('x.pdf', pdf, jury)).statusCode).toBe(403)
  })

  it('refuses a template over 10 MB with 413', async () => {
    const big = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(10 * 1024 * 1024 + 10, 0x20),
    ])
    const res = await upload('big.pdf', big)
    expect(res.statusCode).toBe(413)
  })

  it('creates a round with its requirements and template in one go, dropping empty requirements and blank prizes', async () => {
    const file = (await upload('deck.pdf', Buffer.from('%PDF-1.4\n%%EOF'))).json()
    const payload = roundPayload({
      requirements: [
        { description: 'Idea document' },
        { description: '' },
        { description: 'Pitch deck', templateFileId: file.id },
      ],
    })
    const res = await call('POST', '/api/rounds', admin, payload)
    expect(res.statusCode).toBe(201)
    const round = res.json()
    expect(round.requirements.map((r: { description: string }) => r.description)).toEqual([
      'Idea document',
      'Pitch deck',
    ])
    expect(round.requirements[1].template).toMatchObject({
      id: file.id,
      name: 'deck.pdf',
      url: `/api/files/${file.id}`,
    })
    expect(round.prizes).toEqual(['Gold', 'Silver', 'Bronze'])
    expect(round).toMatchObject({
      status: 'active',
      maxParticipants: 500,
      currentParticipants: 0,
      startTime: '2026-11-01T09:00:00.000Z',
    })
    const list = await call('GET', '/api/rounds', jury)
    expect(list.statusCode).toBe(200)
    expect(list.json().rounds.map((r: { id: string }) => r.id)).toContain(round.id)
  })

  it('reads a plain string or a single object as a list of one requirement', async () => {
    const plain = await call(
      'POST',
      '/api/rounds',
      admin,
      roundPayload({ name: 'Plain', requirements: 'Just one thing' }),
    )
    expect(plain.json().requirements.map((r: { description: string }) => r.description)).toEqual([
      'Just one thing',
    ])
    const single = await call(
      'POST',
      '/api/rounds',
      admin,
      roundPayload({ name: 'Single', requirements: { description: 'One object' } }),
    )
    expect(single.json().requirements.map((r: { description: string }) => r.description)).toEqual([
      'One object',
    ])
  })

  it("answers the form's messages, and keeps writes to admins", async () => {
    const none = await call(
      'POST',
      '/api/rounds',
      admin,
      roundPayload({ name: '', requirements: [{ description: '  ' }] }),
    )
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toContain('Round name is required')
    expect(none.json().message).toContain('At least one requirement is required')
    const backwards = await call(
      'POST',
      '/api/rounds',
      admin,
      roundPayload({ startTime: '2026-12-02T00:00:00Z', endTime: '2026-12-01T00:00:00Z' }),
    )
    expect(backwards.json().message).toContain('The end time must be after the start time')
    expect((await call('POST', '/api/rounds', jury, roundPayload())).statusCode).toBe(403)
    expect((await call('GET', '/api/rounds')).statusCode).toBe(401)
  })

  it('keeps each requirement by its id whatever its place: removing the first leaves the others as they were', async () => {
    const created = (
      await call(
        'POST',
        '/api/rounds',
        admin,
        roundPayload({
          name: 'Editable',
          requirements: [
            { description: 'A: Idea deck' },
            { description: 'B: Pitch video', kind: 'link' },
            { description: 'C: Budget sheet', required: false },
          ],
        }),
      )
    ).json()
    const [a, b, c] = created.requirements as { id: string; description: string }[]
    const res = await call(
      'PUT',
      `/api/rounds/${created.id}`,
      admin,
      roundPayload({
        name: 'Edited',
        requirements: [
          { id: b!.id, description: 'B: Pitch video', kind: 'link' },
          { id: c!.id, description: 'C: Budget sheet', required: false },
          { description: 'D: New one', kind: 'text' },
        ],
      }),
    )
    expect(res.statusCode).toBe(200)
    const updated = res.json()
    expect(updated.name).toBe('Edited')
    expect(
      updated.requirements.map(
        (r: { id: string; description: string; kind: string; required: boolean }) => [
          r.id,
          r.description,
          r.kind,
          r.required,
        ],
      ),
    ).toEqual([
      [b!.id, 'B: Pitch video', 'link', true],
      [c!.id, 'C: Budget sheet', 'file', false],
      [expect.any(String), 'D: New one', 'text', true],
    ])
    expect(updated.requirements.map((r: { id: string }) => r.id)).not.toContain(a!.id)
    // An id from elsewhere is not taken over: it is a new requirement.
    const stranger = await call(
      'PUT',
      `/api/rounds/${created.id}`,
      admin,
      roundPayload({ name: 'Edited', requirements: [{ id: a!.id, description: 'A again' }] }),
    )
    expect(stranger.json().requirements[0].id).not.toBe(a!.id)
    expect(
      (await call('PUT', '/api/rounds/00000000-0000-4000-8000-000000000000', admin, roundPayload()))
        .statusCode,
    ).toBe(404)
  })

  it('deletes a round with submissions only when asked twice, taking its submissions with it', async () => {
    const round = (
      await call('POST', '/api/rounds', admin, roundPayload({ name: 'Doomed' }))
    ).json()
    const person = await newApplicant(ctx.database.db)
    await ctx.database.db.insert(submissions).values({
      applicantId: person.id,
      roundId: round.id,
      githubUrl: 'https://github.com/a/b',
      status: 'submitted',
    })
    const first = await call('DELETE', `/api/rounds/${round.id}`, admin)
    expect(first.statusCode).toBe(409)
    expect(first.json()).toMatchObject({
      code: 'HAS_SUBMISSIONS',
      message: expect.stringContaining('1 submission'),
    })
    const forced = await call('DELETE', `/api/rounds/${round.id}?force=true`, admin)
    expect(forced.statusCode).toBe(200)
    const left = (await call('GET', '/api/rounds', admin))
      .json()
      .rounds.map((r: { id: string }) => r.id)
    expect(left).not.toContain(round.id)
    const empty = (await call('POST', '/api/rounds', admin, roundPayload({ name: 'Empty' }))).json()
    expect((await call('DELETE', `/api/rounds/${empty.id}`, admin)).statusCode).toBe(200)
  })
})
