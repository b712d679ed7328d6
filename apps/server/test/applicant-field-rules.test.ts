import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applicants } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'

let sequence = 0
/** A valid public registration, unique per call. */
function registration(overrides: Record<string, unknown> = {}) {
  sequence += 1
  return {
    name: `Student ${sequence}`,
    email: `rules${sequence}@college.example`,
    mobile: `98766${String(sequence).padStart(5, '0')}`,
    studentId: `R-${sequence}`,
    course: 'Information Technology',
    yearOfGraduation: '2027',
    collegeName: 'Government Engineering College',
    linkedinProfile: '',
    ...overrides,
  }
}

/** Issue 22 item 7: the server takes what the forms offer, and old values never block an edit. */
describe('applicant field rules', () => {
  let ctx: TestContext
  let admin: string

  const register = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: '203.0.113.9' })
  const asAdmin = (method: 'POST' | 'PUT', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie: admin } })
  const stored = async (registrationId: string) =>
    (
      await ctx.database.db
        .select()
        .from(applicants)
        .where(eq(applicants.registrationId, registrationId))
    )[0]!

  beforeAll(async () => {
    ctx = await createTestContext()
    admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
  })
  afterAll(() => ctx.close())

  it('refuses on the public form a year, course or LinkedIn value the form never offers', async () => {
    for (const [field, value, message] of [
      ['yearOfGraduation', '2031', 'Year of graduation must be a year from 2024 to 2028'],
      ['yearOfGraduation', '1999', 'Year of graduation must be a year from 2024 to 2028'],
      ['yearOfGraduation', 'abcd', 'Year of graduation must be a year from 2024 to 2028'],
      ['course', 'Underwater Basket Weaving', 'Course must be one of:'],
      ['linkedinProfile', 'not a url', 'Invalid LinkedIn URL'],
    ] as const) {
      const res = await register(registration({ [field]: value }))
      expect(res.statusCode, `${field} ${value}`).toBe(400)
      expect(res.json().message).toContain(`${field}: ${message}`)
    }
    const offered = await register(
      registration({
        course: 'Other',
        yearOfGraduation: '2028',
        linkedinProfile: 'https://www.linkedin.com/in/ada',
      }),
    )
    expect(offered.statusCode).toBe(201)
  })

  it('refuses on Add Applicant a year outside the page list', async () => {
    const person = registration()
    const res = await asAdmin('POST', '/api/applicants', {
      name: person.name,
      email: person.email,
      mobile: person.mobile,
      studentId: person.studentId,
      college: person.collegeName,
      course: 'Computer Science',
      year: '2031',
      linkedinProfile: '',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain(
      'year: Year of graduation must be a year from 2024 to 2030',
    )
  })

  it('saves an edit of the name although the stored LinkedIn and year break the rules', async () => {
    const { registrationId } = (await register(registration())).json()
    const row = await stored(registrationId)
    // Values stored before the rules (an import, an older version of the form).
    await ctx.database.db
      .update(applicants)
      .set({ linkedinProfile: 'my profile', yearOfGraduation: '1999', course: 'Maths' })
      .where(eq(applicants.id, row.id))
    const edit = {
      name: 'Renamed Person',
      email: row.email,
      mobile: row.mobile,
      studentId: row.studentId,
      collegeName: row.collegeName,
      course: 'Maths',
      yearOfGraduation: '1999',
      linkedinProfile: 'my profile',
      status: 'registered',
    }
    const saved = await asAdmin('PUT', `/api/applicants/${row.id}`, edit)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({
      name: 'Renamed Person',
      linkedinProfile: 'my profile',
      yearOfGraduation: '1999',
    })

    // A changed value must pass its rule.
    const changedLink = await asAdmin('PUT', `/api/applicants/${row.id}`, {
      ...edit,
      linkedinProfile: 'another text',
    })
    expect(changedLink.statusCode).toBe(400)
    expect(changedLink.json().message).toContain('linkedinProfile: Invalid LinkedIn URL')
    const changedYear = await asAdmin('PUT', `/api/applicants/${row.id}`, {
      ...edit,
      yearOfGraduation: '2031',
    })
    expect(changedYear.statusCode).toBe(400)
    expect(changedYear.json().message).toContain(
      'yearOfGraduation: Year of graduation must be a year from 2024 to 2030',
    )
    expect((await stored(registrationId)).linkedinProfile).toBe('my profile')

    // Clearing the old value is a change that passes.
    const cleared = await asAdmin('PUT', `/api/applicants/${row.id}`, {
      ...edit,
      linkedinProfile: '',
      yearOfGraduation: '2026',
    })
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json()).toMatchObject({ linkedinProfile: null, yearOfGraduation: '2026' })
  })
})
