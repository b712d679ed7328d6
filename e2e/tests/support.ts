import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { baseURL, firstAdmin, smtp } from '../playwright.config.js'

/** The staff journey changes the first admin's password to this one. */
export const changedAdminPassword = 'a-brand-new-admin-password'

export async function signInStaff(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** Signs the first admin in, whichever of its two passwords this run has reached. */
export async function signInAsAdmin(page: Page): Promise<void> {
  for (const password of [firstAdmin.password, changedAdminPassword]) {
    await signInStaff(page, firstAdmin.email, password)
    const outcome = await Promise.race([
      page
        .getByRole('navigation', { name: 'Main' })
        .waitFor()
        .then(() => 'in'),
      page
        .getByText('Invalid email or password')
        .waitFor()
        .then(() => 'out'),
    ])
    if (outcome === 'in') return
  }
  throw new Error('the first admin could not sign in')
}

/**
 * Signs an API request context in as the first admin (cookies stay on the context), on the
 * journeys' platform or on another one (`base`).
 */
export async function adminApi(request: APIRequestContext, base = baseURL): Promise<void> {
  for (const password of [firstAdmin.password, changedAdminPassword]) {
    const res = await request.post(`${base}/api/auth/login`, {
      data: { email: firstAdmin.email, password },
    })
    if (res.ok()) return
  }
  throw new Error('the first admin could not sign in through the API')
}

/** Points the platform at the test SMTP server, so journeys can read what it sends. */
export async function configureEmail(request: APIRequestContext, base = baseURL): Promise<void> {
  await adminApi(request, base)
  const res = await request.post(`${base}/api/admin/email-settings`, {
    data: {
      enableEmails: true,
      emailService: 'custom',
      emailHost: '127.0.0.1',
      emailPort: String(smtp.port),
      emailUser: smtp.user,
      emailPass: smtp.password,
      fromEmail: 'journeys@example.org',
    },
  })
  expect(res.status()).toBe(200)
}

export interface InboxMessage {
  to: string[]
  subject: string
  html: string
  text: string
}

/** The first email to `to` whose subject contains `subject`, waiting for it to arrive. */
export async function emailTo(
  request: APIRequestContext,
  to: string,
  subject: string,
): Promise<InboxMessage> {
  let found: InboxMessage | undefined
  await expect
    .poll(
      async () => {
        const messages = (await (
          await request.get(`${smtp.inbox}?to=${encodeURIComponent(to)}`)
        ).json()) as InboxMessage[]
        found = messages.find((m) => m.subject.includes(subject))
        return Boolean(found)
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  return found!
}

/** Waits for the emails to `to` that the test SMTP server received (at least `count`). */
export async function inbox(
  request: APIRequestContext,
  to: string,
  count = 1,
): Promise<InboxMessage[]> {
  let messages: InboxMessage[] = []
  await expect
    .poll(
      async () => {
        messages = (await (
          await request.get(`${smtp.inbox}?to=${encodeURIComponent(to)}`)
        ).json()) as InboxMessage[]
        return messages.length
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count)
  return messages
}

/** A datetime-local value `minutes` from now, in the browser's (and this machine's) zone. */
export function localInput(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** Radix renders a toast twice (visible, and for the screen-reader announcement). */
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first()

/** An applicant's bearer token, signed in through the API with the code emailed to them. */
export async function applicantToken(
  request: APIRequestContext,
  email: string,
  base = baseURL,
): Promise<string> {
  await request.post(`${base}/api/applicant/send-otp`, { data: { identifier: email } })
  const otp = /Your code: (\d{6})/.exec((await emailTo(request, email, 'sign-in code')).text)![1]
  const res = await request.post(`${base}/api/applicant/verify-otp`, {
    data: { identifier: email, otp },
  })
  expect(res.status()).toBe(200)
  return (await res.json()).sessionToken as string
}

/** A jury member added by the admin through the API (the request context is the admin's). */
export async function addJudge(
  request: APIRequestContext,
  judge: { email: string; name: string; password: string },
  base = baseURL,
): Promise<void> {
  const res = await request.post(`${base}/api/staff`, { data: { ...judge, role: 'jury' } })
  expect(res.status()).toBe(201)
}

/**
 * An active round made through the API, started a minute ago, at stage number 1: the first round
 * is open to every registered applicant (docs/product/pipeline.md#access), whatever rounds other
 * journeys left on the shared platform (they move one stage later). Its one requirement is an
 * optional link, so a submission of the repository alone is complete.
 */
export async function createActiveRound(
  request: APIRequestContext,
  name: string,
  endsInMs: number,
): Promise<{ id: string; name: string }> {
  const res = await request.post(`${baseURL}/api/rounds`, {
    data: {
      name,
      description: `Made by a journey: ${name}`,
      status: 'active',
      startTime: new Date(Date.now() - 60_000).toISOString(),
      endTime: new Date(Date.now() + endsInMs).toISOString(),
      position: 1,
      requirements: [{ description: 'A demo video (optional)', kind: 'link', required: false }],
      prizes: [],
      currentParticipants: '0',
    },
  })
  expect(res.status()).toBe(201)
  return res.json()
}

/** Registers a student and signs them in: their bearer token. */
export async function registeredApplicantToken(
  request: APIRequestContext,
  student: Record<string, string> & { email: string },
): Promise<string> {
  expect((await request.post(`${baseURL}/api/register`, { data: student })).status()).toBe(201)
  return applicantToken(request, student.email)
}

/** Students for a journey, told apart from other runs by `stamp`: `${tag}.${i}.${stamp}@…`. */
export function journeyStudents(
  names: string[],
  {
    stamp,
    tag,
    mobilePrefix,
    idPrefix,
    college,
  }: { stamp: number; tag: string; mobilePrefix: string; idPrefix: string; college: string },
) {
  return names.map((name, i) => ({
    name,
    email: `${tag}.${i}.${stamp}@college.example`,
    mobile: `${mobilePrefix}${String(stamp + i).slice(-8)}`,
    studentId: `${idPrefix}-${i}`,
    course: 'Computer Science Engineering',
    yearOfGraduation: '2027',
    collegeName: `${college} ${i}`,
    linkedinProfile: '',
  }))
}

/**
 * What a jury journey starts from: email set up, the request context signed in as the admin, the
 * jury member added and an active round (open for a day unless `endsInMs` says otherwise).
 */
export async function juryAndActiveRound(
  request: APIRequestContext,
  judge: { email: string; name: string; password: string },
  roundName: string,
  endsInMs = 86_400_000,
): Promise<{ id: string; name: string }> {
  await configureEmail(request)
  await adminApi(request)
  await addJudge(request, judge)
  return createActiveRound(request, roundName, endsInMs)
}

/** The applicant with `token` submits the repository `githubUrl` to the round `stageId`. */
export async function submitRepository(
  request: APIRequestContext,
  token: string,
  stageId: string,
  githubUrl: string,
): Promise<void> {
  const submitted = await request.post(`${baseURL}/api/applicant/submit-stage`, {
    headers: { authorization: `Bearer ${token}` },
    data: { stageId, githubUrl, documents: [] },
  })
  expect(submitted.status()).toBe(200)
}

/** The applicant the admin's list finds first for `email` (the request context is the admin's). */
export async function findApplicant(
  request: APIRequestContext,
  email: string,
): Promise<{ status: string; registrationId: string }> {
  const found = await (
    await request.get(`${baseURL}/api/applicants?search=${encodeURIComponent(email)}`)
  ).json()
  return found.applicants[0]
}

/** Follows the signed-in shell's Main menu link named `name`. */
export async function openFromMainMenu(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click()
}

/** The admin signs in and opens the round form from the Competition Rounds page: its dialog. */
export async function openAddRoundAsAdmin(page: Page): Promise<Locator> {
  await signInAsAdmin(page)
  await openFromMainMenu(page, 'Competition Rounds')
  await page.getByRole('button', { name: 'Add Round' }).click()
  return page.getByRole('dialog', { name: 'Add Round' })
}
