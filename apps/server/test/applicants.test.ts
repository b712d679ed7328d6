import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.js'
import { applicants, confirmationCodes, rounds, submissions } from '../src/db/schema/index.js'
import { APPLICANT_MESSAGES } from '@hackathon/contract'
import { REGISTRATION_ID_PATTERN } from '../src/lib/registration-id.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { burst } from './support/burst.js'
import { applicantEdit, bearerFor, submitInRound } from './support/fixtures.js'
import { caller } from './support/inject.js'

let sequence = 0
/** A valid public registration, unique per call. */
function registration(overrides: Record<string, unknown> = {}) {
  sequence += 1
  return {
    name: `Student ${sequence}`,
    email: `student${sequence}@college.example`,
    mobile: `98765${String(sequence).padStart(5, '0')}`,
    studentId: `S-${sequence}`,
    course: 'Computer Science Engineering',
    yearOfGraduation: '2026',
    collegeName: 'Government Engineering College',
    linkedinProfile: '',
    ...overrides,
  }
}

describe('registration and applicant management', () => {
  let ctx: TestContext
  let admin: string
  let jury: string

  const register = (payload: object, remoteAddress = '203.0.113.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress })
  const call = caller(() => ctx.app)
  const byRegistrationId = async (registrationId: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.registrationId, registrationId))
    return row!
  }
  const outbox = (to: string) =>
    rowsOf<{ template: string; text: string; html: string }>(
      ctx.database.db,
      sql`select template, text, html from email_messages where "to" = ${to} order by created_at`,
    )
  /** A submission to the first round, recorded in the pipeline as a real one would be. */
  let firstRound: string | undefined
  const submitToFirstRound = async (id: string) => {
    firstRound ??= (
      await ctx.database.db
        .insert(rounds)
        .values({ name: 'Selection round', description: 'Ideas', status: 'active' })
        .returning()
    )[0]!.id
    await submitInRound(ctx.database.db, id, firstRound, 'https://github.com/a/b')
  }

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://hack.example.org' })
    admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
    jury = await signedInStaff(ctx.app, ctx.database.db, 'jury')
  })
  afterAll(() => ctx.close())

  describe('public registration', () => {
    it('registers, answers a readable registration ID, records the activity and queues the confirmation email', async () => {
      const payload = registration({ name: 'Asha Verma' })
      const res = await register(payload)
      expect(res.statusCode).toBe(201)
      const { registrationId } = res.json()
      expect(registrationId).toMatch(REGISTRATION_ID_PATTERN)
      const row = await byRegistrationId(registrationId)
      expect(row).toMatchObject({
        name: 'Asha Verma',
        status: 'registered',
        collegeName: 'Government Engineering College',
      })
      const items = await rowsOf<{ type: string; name: string }>(
        ctx.database.db,
        sql`select type, name from activity where applicant_id = ${row.id}`,
      )
      expect(items).toEqual([{ type: 'registration', name: 'Asha Verma' }])
      const [mail] = await outbox(payload.email)
      expect(mail).toMatchObject({ template: 'registration-confirmation' })
      expect(mail!.text).toContain(registrationId)
    })

    it('answers the contractual messages for invalid fields', async () => {
      const res = await register({
        name: 'A',
        email: 'not-an-email',
        mobile: '12345',
        studentId: '',
        course: '',
        yearOfGraduation: '',
        collegeName: '',
      })
      expect(res.statusCode).toBe(400)
      for (const message of [
        'Name must be at least 2 characters',
        'Invalid email address',
        'Mobile number must be at least 10 digits',
        'Student ID is required',
        'Course is required',
        'Year of graduation is required',
        'College name is required',
      ]) {
        expect(res.json().message).toContain(message)
      }
    })

    it('refuses a second registration with the same email in another case, or the same mobile, with 409 and no second row', async () => {
      const first = registration()
      expect((await register(first)).statusCode).toBe(201)
      const sameEmail = await register(registration({ email: first.email.toUpperCase() }))
      expect(sameEmail.statusCode).toBe(409)
      expect(sameEmail.json().message).toBe(
        'An applicant with this email address is already registered',
      )
      const sameMobile = await register(registration({ mobile: first.mobile }))
      expect(sameMobile.statusCode).toBe(409)
      expect(sameMobile.json().message).toBe(
        'An applicant with this mobile number is already registered',
      )
      const rows = await rowsOf(
        ctx.database.db,
        sql`select 1 from applicants where lower(email) = ${first.email} or mobile = ${first.mobile}`,
      )
      expect(rows).toHaveLength(1)
    })

    it('lets only one of two simultaneous registrations with the same email through', async () => {
      const twin = registration()
      const results = await Promise.all([
        register(twin),
        register({ ...twin, mobile: '9111111111' }),
      ])
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409])
    })

    it('gives registration IDs that follow no sequence', async () => {
      const ids: string[] = []
      for (let i = 0; i < 12; i++) ids.push((await register(registration())).json().registrationId)
      expect(new Set(ids).size).toBe(ids.length)
      const sorted = [...ids].sort()
      // Consecutive registrations are not consecutive IDs.
      expect(sorted).not.toEqual(ids)
    })
  })

  describe('the applicant list', () => {
    it('finds an applicant by a fragment of the email, case-insensitively, and by registration ID or college', async () => {
      const payload = registration({
        email: 'Priya.Fragment@uni.example',
        collegeName: 'Unique Institute of Fragments',
      })
      const { registrationId } = (await register(payload)).json()
      const find = async (search: string) =>
        (await call('GET', `/api/applicants?search=${encodeURIComponent(search)}`, admin))
          .json()
          .applicants.map((a: { registrationId: string }) => a.registrationId)
      expect(await find('ya.FRAG')).toEqual([registrationId])
      expect(await find(registrationId.slice(3, 9).toLowerCase())).toEqual([registrationId])
      expect(await find('institute of frag')).toEqual([registrationId])
      expect(await find('%')).toEqual([])
    })

    it('pages a search newest first, with its total on every page, also past the last match', async () => {
      const college = `Paging Search College ${Date.now()}`
      const ids: string[] = []
      for (let i = 0; i < 7; i++)
        ids.push((await register(registration({ collegeName: college }))).json().registrationId)
      const page = async (n: number) =>
        (
          await call(
            'GET',
            `/api/applicants?search=${encodeURIComponent(college)}&page=${n}&limit=3`,
            admin,
          )
        ).json() as { applicants: { registrationId: string }[]; total: number; totalPages: number }
      const pages = await Promise.all([1, 2, 3, 4].map(page))
      expect(pages.map((p) => p.applicants.length)).toEqual([3, 3, 1, 0])
      expect(pages.map((p) => [p.total, p.totalPages])).toEqual(Array(4).fill([7, 3]))
      expect(pages.flatMap((p) => p.applicants.map((a) => a.registrationId))).toEqual(
        [...ids].reverse(),
      )
    })

    it('filters by status and pages with total and totalPages', async () => {
      const res = await call('GET', '/api/applicants?status=registered&page=1&limit=5', admin)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.applicants).toHaveLength(5)
      expect(body.applicants.every((a: { status: string }) => a.status === 'registered')).toBe(true)
      expect(body.totalPages).toBe(Math.ceil(body.total / 5))
      const last = (
        await call(
          'GET',
          `/api/applicants?status=registered&page=${body.totalPages}&limit=5`,
          admin,
        )
      ).json()
      expect(last.applicants.length).toBe(body.total - 5 * (body.totalPages - 1))
    })

    it('refuses a limit over 100 and a page under 1 with 400', async () => {
      expect((await call('GET', '/api/applicants?limit=101', admin)).statusCode).toBe(400)
      expect((await call('GET', '/api/applicants?page=0', admin)).statusCode).toBe(400)
      expect((await call('GET', '/api/applicants?status=hacked', admin)).statusCode).toBe(400)
    })

    it('is for staff only: 401 signed out, 200 for jury', async () => {
      expect((await call('GET', '/api/applicants')).statusCode).toBe(401)
      expect((await call('GET', '/api/applicants', jury)).statusCode).toBe(200)
    })
  })

  describe('edit, delete and manual add (admin only)', () => {
    it('edits an applicant, checking the edit form rules', async () => {
      const { registrationId } = (await register(registration())).json()
      const row = await byRegistrationId(registrationId)
      const edit = {
        name: row.name,
        email: row.email,
        mobile: row.mobile,
        studentId: row.studentId,
        collegeName: 'Renamed College',
        course: row.course,
        yearOfGraduation: '2030',
        linkedinProfile: '',
        status: 'registered',
      }
      const res = await call('PUT', `/api/applicants/${row.id}`, admin, edit)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        collegeName: 'Renamed College',
        status: 'registered',
        yearOfGraduation: '2030',
      })
      // The status is a decision in the pipeline: nobody is "submitted" without a submission.
      const noSubmission = await call('PUT', `/api/applicants/${row.id}`, admin, {
        ...edit,
        collegeName: 'Not Kept College',
        status: 'submitted',
      })
      expect(noSubmission.statusCode).toBe(409)
      expect(noSubmission.json().message).toMatch(/no submission|no rounds/i)
      expect((await byRegistrationId(registrationId)).collegeName).toBe('Renamed College')
      const badLink = await call('PUT', `/api/applicants/${row.id}`, admin, {
        ...edit,
        linkedinProfile: 'not a url',
      })
      expect(badLink.json().message).toContain('Invalid LinkedIn URL')
      expect(
        (await call('PUT', `/api/applicants/${row.id}`, admin, { ...edit, status: 'confirmed' }))
          .statusCode,
      ).toBe(400)
      const other = registration()
      await register(other)
      const clash = await call('PUT', `/api/applicants/${row.id}`, admin, {
        ...edit,
        email: other.email,
      })
      expect(clash.statusCode).toBe(409)
      expect((await call('PUT', `/api/applicants/${row.id}`, jury, edit)).statusCode).toBe(403)
      expect(
        (await call('PUT', '/api/applicants/00000000-0000-4000-8000-000000000000', admin, edit))
          .statusCode,
      ).toBe(404)
    })

    it('signs an applicant out everywhere when an admin changes their email or mobile number', async () => {
      const { registrationId } = (await register(registration())).json()
      const row = await byRegistrationId(registrationId)
      const token = await bearerFor(ctx.database.db, row.id)
      const dashboard = () =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/applicant/dashboard',
          headers: { authorization: `Bearer ${token}` },
        })
      expect((await dashboard()).statusCode).toBe(200)
      const edit = {
        name: row.name,
        email: row.email,
        mobile: row.mobile,
        studentId: row.studentId,
        collegeName: row.collegeName,
        course: row.course,
        yearOfGraduation: row.yearOfGraduation,
        linkedinProfile: '',
        status: 'registered',
      }
      // An edit that keeps both leaves the session alone.
      expect((await call('PUT', `/api/applicants/${row.id}`, admin, edit)).statusCode).toBe(200)
      expect((await dashboard()).statusCode).toBe(200)
      const moved = await call('PUT', `/api/applicants/${row.id}`, admin, {
        ...edit,
        email: `moved.${row.email}`,
      })
      expect(moved.statusCode).toBe(200)
      expect((await dashboard()).statusCode).toBe(401)
    })

    it('adds an applicant by hand with the college and year names of the Add Applicant page', async () => {
      const res = await call('POST', '/api/applicants', admin, {
        name: 'Manual Entry',
        email: 'manual@example.org',
        mobile: '9000011111',
        studentId: 'M-1',
        college: 'Walk-in College',
        course: 'Computer Science',
        year: '2027',
        linkedinProfile: 'https://www.linkedin.com/in/manual-entry',
      })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({
        collegeName: 'Walk-in College',
        yearOfGraduation: '2027',
        status: 'registered',
      })
      const bad = await call('POST', '/api/applicants', admin, {
        name: '',
        email: 'x',
        mobile: '1',
        studentId: '',
        college: '',
        course: '',
        year: '',
        linkedinProfile: 'nope',
      })
      for (const message of [
        'Name is required',
        'Valid email is required',
        'College is required',
        'Valid LinkedIn URL is required',
      ]) {
        expect(bad.json().message).toContain(message)
      }
      expect((await call('POST', '/api/applicants', jury, {})).statusCode).toBe(403)
    })

    it('deletes an applicant with their codes, sessions, submissions and activity in one go', async () => {
      const { registrationId } = (await register(registration())).json()
      const row = await byRegistrationId(registrationId)
      const db = ctx.database.db
      const [round] = await db
        .insert(rounds)
        .values({ name: 'Stage 1', description: 'Ideas' })
        .returning()
      await db.insert(submissions).values({
        applicantId: row.id,
        roundId: round!.id,
        githubUrl: 'https://github.com/a/b',
        status: 'submitted',
      })
      await db.insert(confirmationCodes).values({
        applicantId: row.id,
        codeHash: `h-${row.id}`,
        expiresAt: new Date(Date.now() + 1e6),
      })
      await db.execute(
        sql`insert into applicant_sessions (applicant_id, token_hash, expires_at) values (${row.id}, ${`s-${row.id}`}, now() + interval '1 hour')`,
      )
      await db.execute(
        sql`insert into one_time_codes (applicant_id, code_hash, expires_at) values (${row.id}, 'x', now() + interval '1 hour')`,
      )
      expect((await call('DELETE', `/api/applicants/${row.id}`, jury)).statusCode).toBe(403)
      const res = await call('DELETE', `/api/applicants/${row.id}`, admin)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ message: 'Applicant deleted successfully.' })
      for (const table of [
        'applicants',
        'submissions',
        'confirmation_codes',
        'applicant_sessions',
        'one_time_codes',
        'activity',
      ]) {
        const column = table === 'applicants' ? 'id' : 'applicant_id'
        const left = await rowsOf(
          db,
          sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} = ${row.id}`,
        )
        expect(left, table).toHaveLength(0)
      }
      expect((await call('DELETE', `/api/applicants/${row.id}`, admin)).statusCode).toBe(404)
    })
  })

  describe('two admins editing one applicant (issue 20)', () => {
    const CHANGED =
      'Someone else changed this applicant after you opened it: close the form and open it again to see their change.'
    /** The applicant as the list shows it to an admin, with the version the edit form keeps. */
    const listed = async (registrationId: string) =>
      (await call('GET', `/api/applicants?search=${registrationId}`, admin)).json().applicants[0]
    const editOf = (a: Record<string, string | null>, changes: object = {}) =>
      applicantEdit(a as Parameters<typeof applicantEdit>[0], { version: a.updatedAt, ...changes })

    it('refuses with 409 the second of two edits made from the same version, keeping the first', async () => {
      const { registrationId } = (await register(registration())).json()
      const opened = await listed(registrationId)
      expect(opened.updatedAt).toEqual(expect.any(String))
      const first = await call(
        'PUT',
        `/api/applicants/${opened.id}`,
        admin,
        editOf(opened, { collegeName: 'First Admin College' }),
      )
      expect(first.statusCode).toBe(200)
      expect(first.json().updatedAt).not.toBe(opened.updatedAt)
      const second = await call(
        'PUT',
        `/api/applicants/${opened.id}`,
        admin,
        editOf(opened, { course: 'Second Admin Course' }),
      )
      expect(second.statusCode).toBe(409)
      expect(second.json()).toMatchObject({ message: CHANGED, code: 'APPLICANT_CHANGED' })
      const stored = await byRegistrationId(registrationId)
      expect(stored.collegeName).toBe('First Admin College')
      expect(stored.course).toBe(opened.course)
      // Opened again, the form carries the new version, and the edit goes through.
      const reopened = await call('GET', `/api/applicants/${opened.id}`, admin)
      expect(reopened.statusCode).toBe(200)
      expect(reopened.json()).toEqual(first.json())
      const again = await call(
        'PUT',
        `/api/applicants/${opened.id}`,
        admin,
        editOf(reopened.json(), { course: 'Second Admin Course' }),
      )
      expect(again.statusCode).toBe(200)
      expect(again.json()).toMatchObject({
        collegeName: 'First Admin College',
        course: 'Second Admin Course',
      })
    })

    it('lets exactly one of 20 simultaneous edits from the same version through', async () => {
      const { registrationId } = (await register(registration())).json()
      const opened = await listed(registrationId)
      const result = await burst(20, (i) =>
        call(
          'PUT',
          `/api/applicants/${opened.id}`,
          admin,
          editOf(opened, { collegeName: `College of admin ${i}` }),
        ),
      )
      expect(result.statuses).toEqual({ 200: 1, 409: 19 })
      const winner = result.answers.findIndex((a) => a.statusCode === 200)
      expect((await byRegistrationId(registrationId)).collegeName).toBe(
        `College of admin ${winner}`,
      )
    })

    it('refuses an edit opened before a pipeline decision, whose status it would undo', async () => {
      const { registrationId } = (await register(registration())).json()
      const row = await byRegistrationId(registrationId)
      await submitToFirstRound(row.id)
      const opened = await listed(registrationId)
      expect(opened.status).toBe('submitted')
      expect((await call('POST', `/api/applicants/${row.id}/select`, jury)).statusCode).toBe(200)
      const stale = await call(
        'PUT',
        `/api/applicants/${row.id}`,
        admin,
        editOf(opened, { status: 'submitted' }),
      )
      expect(stale.statusCode).toBe(409)
      expect(stale.json().message).toBe(CHANGED)
      expect((await byRegistrationId(registrationId)).status).toBe('selected')
    })

    it('still saves an edit without a version, as an older client sends it', async () => {
      const { registrationId } = (await register(registration())).json()
      const opened = await listed(registrationId)
      const { version: _version, ...withoutVersion } = editOf(opened, { collegeName: 'Old Client' })
      const res = await call('PUT', `/api/applicants/${opened.id}`, admin, withoutVersion)
      expect(res.statusCode).toBe(200)
      expect(res.json().collegeName).toBe('Old Client')
    })

    it('reads one applicant for staff, and answers 404 for one that does not exist', async () => {
      const { registrationId } = (await register(registration())).json()
      const opened = await listed(registrationId)
      expect((await call('GET', `/api/applicants/${opened.id}`, jury)).json()).toEqual(opened)
      expect((await call('GET', `/api/applicants/${opened.id}`)).statusCode).toBe(401)
      const missing = await call(
        'GET',
        '/api/applicants/00000000-0000-4000-8000-000000000000',
        admin,
      )
      expect(missing.statusCode).toBe(404)
      expect(missing.json().message).toBe('Applicant not found')
    })
  })

  describe('selection and confirmation', () => {
    async function submittedApplicant() {
      const payload = registration()
      const { registrationId } = (await register(payload)).json()
      const row = await byRegistrationId(registrationId)
      await submitToFirstRound(row.id)
      return { ...row, email: payload.email }
    }
    const confirmationCodeIn = async (email: string) => {
      const mail = (await outbox(email)).find((m) => m.template === 'selection-notice')!
      const link = /https:\/\/hack\.example\.org\/confirm-participation\?code=([\w-]+)/.exec(
        mail.text,
      )!
      expect(mail.html).toContain(link[0])
      return decodeURIComponent(link[1]!)
    }
    const confirm = (code: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/confirm-participation', payload: { code } })

    it('refuses to select an applicant who has not submitted (409)', async () => {
      const { registrationId } = (await register(registration())).json()
      const row = await byRegistrationId(registrationId)
      const res = await call('POST', `/api/applicants/${row.id}/select`, jury)
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe('Only an applicant whose status is submitted can be selected')
      expect((await byRegistrationId(registrationId)).status).toBe('registered')
    })

    it('selects a submitted applicant: status, review time, activity and an email with a single-use link that confirms', async () => {
      const applicant = await submittedApplicant()
      const res = await call('POST', `/api/applicants/${applicant.id}/select`, jury)
      expect(res.statusCode).toBe(200)
      expect(res.json().message).toBe('Applicant selected successfully. Email notification sent.')
      expect(res.json().applicant).toMatchObject({
        status: 'selected',
        reviewedAt: expect.any(String),
      })
      const items = await rowsOf<{ type: string }>(
        ctx.database.db,
        sql`select type from activity where applicant_id = ${applicant.id} order by created_at`,
      )
      expect(items.map((i) => i.type)).toEqual(['registration', 'selection'])
      const code = await confirmationCodeIn(applicant.email)
      const stored = await rowsOf<{ code_hash: string }>(
        ctx.database.db,
        sql`select code_hash from confirmation_codes where applicant_id = ${applicant.id}`,
      )
      expect(stored[0]!.code_hash).not.toBe(code)

      const confirmed = await confirm(code)
      expect(confirmed.statusCode).toBe(200)
      expect((await byRegistrationId(applicant.registrationId)).status).toBe('confirmed')
      const reused = await confirm(code)
      expect(reused.statusCode).toBe(400)
      expect(reused.json().message).toBe(
        'This confirmation link is invalid or has expired. Please contact the organizers if you need a new one.',
      )
    })

    it('gives an expired and an unknown code the same answer as a used one', async () => {
      const applicant = await submittedApplicant()
      await call('POST', `/api/applicants/${applicant.id}/select`, admin)
      const code = await confirmationCodeIn(applicant.email)
      await ctx.database.db
        .update(confirmationCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(confirmationCodes.applicantId, applicant.id))
      const expired = await confirm(code)
      const unknown = await confirm('no-such-code')
      expect(expired.statusCode).toBe(400)
      expect(unknown.json()).toEqual(expired.json())
      expect((await byRegistrationId(applicant.registrationId)).status).toBe('selected')
    })

    it('selects once when two jury members click at the same time', async () => {
      const applicant = await submittedApplicant()
      const results = await Promise.all([
        call('POST', `/api/applicants/${applicant.id}/select`, jury),
        call('POST', `/api/applicants/${applicant.id}/select`, admin),
      ])
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
      expect(
        (await outbox(applicant.email)).filter((m) => m.template === 'selection-notice'),
      ).toHaveLength(1)
    })

    it('keeps selection to staff', async () => {
      const applicant = await submittedApplicant()
      expect((await call('POST', `/api/applicants/${applicant.id}/select`)).statusCode).toBe(401)
    })
  })
})

describe('registration limits per client address', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ REGISTER_MAX_PER_ADDRESS_PER_HOUR: '3' })
  })
  afterAll(() => ctx.close())

  it('answers 429 with Retry-After once an address has registered its hourly share, and not for another address', async () => {
    const from = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registration(),
        remoteAddress,
      })
    for (let i = 0; i < 3; i++) expect((await from('198.51.100.7')).statusCode).toBe(201)
    const limited = await from('198.51.100.7')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect((await from('198.51.100.8')).statusCode).toBe(201)
  })
})

describe('registrations arriving together (written in one transaction per batch)', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ REGISTER_MAX_PER_ADDRESS_PER_HOUR: '25' })
  })
  afterAll(() => ctx.close())

  const send = (payload: object, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress })

  it('gives each of 30 simultaneous registrations the answer it would have had alone, and stores each accepted one with its activity item and email', async () => {
    const twin = registration()
    const mobileTwin = registration()
    const payloads = [
      ...Array.from({ length: 20 }, () => registration()),
      twin,
      { ...registration(), email: twin.email.toUpperCase() },
      mobileTwin,
      { ...registration(), mobile: mobileTwin.mobile },
    ]
    const fromOne = await Promise.all(payloads.map((p) => send(p, '192.0.2.50')))
    // Another address's six all pass its own limit; the first address's last ones do not.
    const others = await Promise.all(
      Array.from({ length: 6 }, () => send(registration(), '192.0.2.51')),
    )
    const answers = [...fromOne, ...others]
    const created = answers.filter((a) => a.statusCode === 201)
    const ids = created.map((a) => a.json().registrationId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(fromOne[21]!.statusCode).toBe(409)
    expect(fromOne[21]!.json().message).toBe(APPLICANT_MESSAGES.duplicateEmail)
    expect(fromOne[23]!.statusCode).toBe(409)
    expect(fromOne[23]!.json().message).toBe(APPLICANT_MESSAGES.duplicateMobile)
    expect(others.every((a) => a.statusCode === 201)).toBe(true)
    // 24 from the first address, all within its 25 (clashes count, as they do alone): 22 people.
    expect(created).toHaveLength(22 + 6)

    const [stored] = await rowsOf<{ applicants: number; activity: number; emails: number }>(
      ctx.database.db,
      sql`select (select count(*) from applicants where registration_id = any(${`{${ids.join(',')}}`}::text[]))::int as applicants,
                 (select count(*) from activity a join applicants p on p.id = a.applicant_id
                   where p.registration_id = any(${`{${ids.join(',')}}`}::text[]))::int as activity,
                 (select count(*) from email_messages where template = 'registration-confirmation')::int as emails`,
    )
    expect(stored).toEqual({ applicants: 28, activity: 28, emails: 28 })
  })

  it('refuses with 429 the registrations of a batch beyond the address limit, without counting them', async () => {
    // 24 counted above for 192.0.2.50, limit 25: of 5 more at once, 1 fits.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(registration(), '192.0.2.50')),
    )
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1)
    const refused = answers.filter((a) => a.statusCode === 429)
    expect(refused).toHaveLength(4)
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0)
    const [limit] = await rowsOf<{ count: number }>(
      ctx.database.db,
      sql`select count from rate_limits where key = 'register:address:192.0.2.50'`,
    )
    expect(Number(limit!.count)).toBe(25)
  })
})
