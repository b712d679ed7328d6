import { expect, test, type Page } from '@playwright/test'
import { TEXTS } from '../../packages/contract/src/constants.js'
import { baseURL, eventURL, firstAdmin, oidcIssuer } from '../playwright.config.js'
import { expectNoAxeViolations, scrollsSideways } from './axe.js'
import {
  adminApi,
  configureEmail,
  registeredApplicantToken,
  signInAsAdmin,
  toast,
} from './support.js'

/**
 * Issue 22, items 1 to 3: the places where a person got stuck. A staff member whose session ended
 * (or who follows a link while signed out) is brought to a sign-in they can use and back to the
 * page they were on; adding an applicant ends on the admin dashboard; an applicant signed in
 * with a code has the applicant sidebar and My Submissions.
 */

const stamp = Date.now()
const student = {
  name: 'Dead Ends Student',
  email: `dead.ends.${stamp}@college.example`,
  // Each journey file has its own first two digits.
  mobile: `89${String(stamp).slice(-8)}`,
  studentId: 'DE-1',
  course: 'Computer Science Engineering',
  yearOfGraduation: '2027',
  collegeName: 'Dead Ends College',
}

/** Fills the Add Applicant form with a new person, and checks every field kept its value. */
async function fillNewApplicant(page: Page, tag: string): Promise<void> {
  const values: [string, string][] = [
    ['Full Name', `Added ${tag}`],
    ['Email Address', `added.${tag}.${stamp}@college.example`],
    ['Mobile Number', `88${String(stamp + tag.length).slice(-8)}`],
    ['Student ID', `AD-${tag}`],
    ['College/Institution', 'Dead Ends College'],
    ['Course/Program', 'Computer Science Engineering'],
  ]
  for (const [label, value] of values) await page.getByLabel(label).fill(value)
  await page.getByLabel('Year of Graduation').selectOption('2027')
  for (const [label, value] of values) await expect(page.getByLabel(label)).toHaveValue(value)
}

/** Whether the browser holds a staff session (the journeys clear it to end the session). */
async function hasSession(page: Page): Promise<boolean> {
  return (await page.context().cookies()).some((cookie) => cookie.name === 'hk_session')
}

/** The next single sign-on of the test provider completes as the first admin. */
async function providerSignsInAdmin(page: Page): Promise<void> {
  const res = await page.request.get(
    `${oidcIssuer}/__test/sign-in-as?email=${encodeURIComponent(firstAdmin.email)}`,
  )
  expect(res.ok()).toBe(true)
}

test.describe('dead ends (issue 22)', () => {
  test('a signed-out visit to a staff page signs in with the password and returns to it', async ({
    page,
  }) => {
    // This platform has no single sign-on: /api/login is the password sign-in page.
    await page.goto(`${eventURL}/rounds`)
    await expect(page).toHaveURL(`${eventURL}/admin/login?returnTo=%2Frounds`)
    await expect(page.getByRole('heading', { level: 1, name: 'Admin/Jury Login' })).toBeVisible()
    await expect(page.getByText(TEXTS.notFoundTitle)).toHaveCount(0)
    await expectNoAxeViolations(page)

    await page.getByLabel('Email').fill(firstAdmin.email)
    await page.getByLabel('Password').fill(firstAdmin.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(`${eventURL}/rounds`)
    await expect(page.getByRole('heading', { level: 1, name: 'Competition Rounds' })).toBeVisible()

    // Signed in, the sign-in page goes on: to the page to return to, or home.
    await page.goto(`${eventURL}/admin/login?returnTo=%2Fexport-data`)
    await expect(page).toHaveURL(`${eventURL}/export-data`)
    await page.goto(`${eventURL}/admin/login`)
    await expect(page).toHaveURL(`${eventURL}/`)
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()

    // The session ends (expired, signed out elsewhere): a reload is a way to sign in, not a 404.
    await page.context().clearCookies()
    await page.goto(`${eventURL}/quick-actions`)
    await expect(page).toHaveURL(`${eventURL}/admin/login?returnTo=%2Fquick-actions`)

    // The server's sign-in path, where a write that found no session sends the browser.
    await page.goto(`${eventURL}/api/login?returnTo=%2Fsettings`)
    await expect(page).toHaveURL(`${eventURL}/admin/login?returnTo=%2Fsettings`)
    await expect(page.getByRole('heading', { level: 1, name: 'Admin/Jury Login' })).toBeVisible()
    // A return to another site is dropped, never followed (open redirect).
    await page.goto(`${eventURL}/api/login?returnTo=${encodeURIComponent('//example.org/')}`)
    await expect(page).toHaveURL(`${eventURL}/admin/login`)
    await page.goto(`${eventURL}/admin/login?returnTo=${encodeURIComponent('//example.org/')}`)
    await page.getByLabel('Email').fill(firstAdmin.email)
    await page.getByLabel('Password').fill(firstAdmin.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(`${eventURL}/`)
  })

  test('an expired session on Add Applicant signs in again by single sign-on, returns there, and adding ends on the admin dashboard', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    await page.goto('/add-applicant')
    await expect(page.getByRole('heading', { level: 1, name: 'Add Applicant' })).toBeVisible()
    await fillNewApplicant(page, 'expired')

    await page.context().clearCookies()
    await providerSignsInAdmin(page)
    await page.getByRole('button', { name: 'Add Applicant' }).click()
    // "Unauthorized" shows for half a second (lib/unauthorized.test.tsx), then /api/login hands
    // over to the provider, whose answer signs the admin in and brings the browser back here.
    await expect.poll(() => hasSession(page), { timeout: 15_000 }).toBe(true)
    await expect(page).toHaveURL(`${baseURL}/add-applicant`, { timeout: 15_000 })
    await expect(page.getByRole('heading', { level: 1, name: 'Add Applicant' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()

    await fillNewApplicant(page, 'added')
    await page.getByRole('button', { name: 'Add Applicant' }).click()
    await expect(toast(page, 'Applicant added successfully')).toBeVisible()
    await expect(page).toHaveURL(`${baseURL}/admin`)
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(page.getByText('Admin Dashboard', { exact: true }).first()).toBeVisible()
    await expect(page.getByText(TEXTS.notFoundTitle)).toHaveCount(0)
    await expectNoAxeViolations(page)
  })

  test('an expired session in the edit dialog signs in again and returns to the applicants', async ({
    page,
    request,
  }) => {
    await configureEmail(request)
    await adminApi(request)
    const token = await registeredApplicantToken(request, student)
    expect(token).toBeTruthy()

    await signInAsAdmin(page)
    await page.goto(`/applicants`)
    await page.getByLabel('Search applicants').fill(student.email)
    await page.getByRole('button', { name: `Edit ${student.name}` }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()

    await page.context().clearCookies()
    await providerSignsInAdmin(page)
    await dialog.getByLabel('Student ID').fill('DE-1-edited')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect.poll(() => hasSession(page), { timeout: 15_000 }).toBe(true)
    await expect(page).toHaveURL(`${baseURL}/applicants`, { timeout: 15_000 })
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  })

  test('an applicant signed in with a code has the Participant Portal sidebar and My Submissions', async ({
    page,
    request,
  }) => {
    await configureEmail(request)
    const applicant = {
      ...student,
      email: `dead.ends.sidebar.${stamp}@college.example`,
      mobile: `87${String(stamp).slice(-8)}`,
      studentId: 'DE-2',
    }
    const token = await registeredApplicantToken(request, applicant)
    await page.goto('/applicant/login')
    await page.evaluate((value) => localStorage.setItem('applicantSessionToken', value), token)

    await page.goto('/')
    const menu = page.getByRole('navigation', { name: 'Main' })
    await expect(menu).toBeVisible()
    await expect(page.getByText('Participant Portal', { exact: true }).first()).toBeVisible()
    await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'My Submissions'])
    await expect(page.getByRole('heading', { level: 1 })).toContainText(applicant.name)

    await menu.getByRole('link', { name: 'My Submissions' }).click()
    await expect(page).toHaveURL(`${baseURL}/my-submissions`)
    await expect(page.getByText(TEXTS.notFoundTitle)).toHaveCount(0)
    await expect(menu.getByRole('link', { name: 'My Submissions' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expectNoAxeViolations(page)

    // On a phone the sidebar opens from the menu button, and the page fits the screen.
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await scrollsSideways(page)).toBe(false)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('dialog').getByRole('link', { name: 'Dashboard' }).click()
    await expect(page).toHaveURL(`${baseURL}/`)

    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/applicant\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('applicantSessionToken'))).toBeNull()
    // Signed out, My Submissions leads to the applicant login rather than a 404.
    await page.goto('/my-submissions')
    await expect(page).toHaveURL(/\/applicant\/login$/)
  })
})
