import { expect, test } from '@playwright/test'
import { baseURL } from '../playwright.config.js'
import { expectNoAxeViolations, scrollsSideways } from './axe.js'
import {
  adminApi,
  applicantToken,
  configureEmail,
  createActiveRound,
  emailTo,
  inbox,
  openFromMainMenu,
  signInAsAdmin,
  signInStaff,
  toast,
} from './support.js'

const student = {
  name: 'Meera Journey',
  email: `meera.journey.${Date.now()}@college.example`,
  mobile: '9876501234',
  studentId: 'CSE-2027-042',
  college: 'Journey Institute of Technology',
}
const judge = { email: 'registration.judge@example.org', password: 'judge-password-123' }

test('a visitor registers, the admin edits them, a jury member selects them, and the emailed link confirms', async ({
  page,
  browser,
  request,
}) => {
  await configureEmail(request)

  // A visitor registers from the landing page and sees the registration ID.
  await page.goto('/')
  await page.getByRole('link', { name: 'Register as Participant' }).click()
  await expect(page).toHaveURL(/\/register$/)
  await page.getByLabel('Full Name').fill(student.name)
  await page.getByLabel('Email Address').fill(student.email)
  await page.getByLabel('Mobile Number').fill(student.mobile)
  await page.getByLabel('Student ID').fill(student.studentId)
  await page.getByLabel('College/Institution').fill(student.college)
  await page.getByLabel('Course/Program').selectOption('Information Technology')
  await page.getByLabel('Year of Graduation').selectOption('2027')
  await page.getByRole('button', { name: 'Register' }).click()
  const idText = page.getByText(/^HS-[A-Z0-9]{4}-[A-Z0-9]{4}$/)
  await expect(idText).toBeVisible()
  const registrationId = (await idText.innerText()).trim()
  await expectNoAxeViolations(page)

  // The confirmation email reached the SMTP server with the same ID.
  const [confirmation] = await inbox(request, student.email)
  expect(confirmation!.subject).toContain('Your registration for')
  expect(confirmation!.text).toContain(registrationId)

  // They sign in with a code and submit their repository to the first stage.
  const round = await createActiveRound(
    request,
    `Registration Journey Round ${Date.now()}`,
    3_600_000,
  )
  const token = await applicantToken(request, student.email)
  const submitted = await request.post(`${baseURL}/api/applicant/submit-stage`, {
    headers: { authorization: `Bearer ${token}` },
    data: { stageId: round.id, githubUrl: 'https://github.com/meera/journey' },
  })
  expect(submitted.status()).toBe(200)

  // The admin finds them by a fragment of the email and edits the college; the status stays the
  // one their submission gave them.
  await signInAsAdmin(page)
  await openFromMainMenu(page, 'Applicants')
  await expect(page.getByRole('heading', { level: 1, name: 'Applicant Management' })).toBeVisible()
  await page.getByLabel('Search applicants').fill(student.email.slice(5, 16).toUpperCase())
  const row = page.getByRole('row').filter({ hasText: student.name })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(registrationId)
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()
  await expectNoAxeViolations(page)

  await row.getByRole('button', { name: `Edit ${student.name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Applicant' })
  await edit.getByLabel('College/Institution').fill('Edited College of Engineering')
  await expect(edit.getByLabel('Status')).toHaveValue('submitted')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'Applicant updated successfully.')).toBeVisible()
  await expect(row).toContainText('Edited College of Engineering')
  await expect(row).toContainText('Submitted')

  // A jury member selects the submitted applicant.
  await adminApi(request)
  const created = await request.post(`${baseURL}/api/staff`, {
    data: {
      email: judge.email,
      name: 'Registration Judge',
      role: 'jury',
      password: judge.password,
    },
  })
  expect([201, 409]).toContain(created.status())
  const juryContext = await browser.newContext()
  const juryPage = await juryContext.newPage()
  await signInStaff(juryPage, judge.email, judge.password)
  await openFromMainMenu(juryPage, 'Applicants')
  await expect(juryPage.getByRole('heading', { level: 1, name: 'Applicant Review' })).toBeVisible()
  await juryPage.getByLabel('Search applicants').fill(registrationId)
  await juryPage.getByRole('button', { name: `Select ${student.name}` }).click()
  await juryPage
    .getByRole('alertdialog', { name: 'Select Applicant' })
    .getByRole('button', { name: 'Select' })
    .click()
  await expect(
    toast(juryPage, 'Applicant selected successfully. Email notification sent.'),
  ).toBeVisible()
  await juryContext.close()

  // The link in the selection email, opened in the browser, confirms participation.
  const selection = await emailTo(request, student.email, 'You have been selected')
  const link = new RegExp(
    `${baseURL.replace(/[.:/]/g, '\\$&')}/confirm-participation\\?code=[\\w%-]+`,
  ).exec(selection.text)![0]
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  await visitorPage.setViewportSize({ width: 375, height: 740 })
  await visitorPage.goto(link)
  await visitorPage.getByRole('button', { name: 'Confirm Participation' }).click()
  await expect(
    visitorPage.getByText('Your participation is confirmed. See you at the event!'),
  ).toBeVisible()
  expect(await scrollsSideways(visitorPage)).toBe(false)
  await expectNoAxeViolations(visitorPage)
  // A second use of the same link is refused before anything is pressed, with a way on.
  await visitorPage.goto(link)
  await expect(visitorPage.getByRole('heading', { name: 'Invalid Link' })).toBeVisible()
  await expect(visitorPage.getByRole('button', { name: 'Confirm Participation' })).toHaveCount(0)
  await expect(
    visitorPage.getByText('If you have already confirmed, sign in to see your status.'),
  ).toBeVisible()
  await visitor.close()

  await page.reload()
  await page.getByLabel('Search applicants').fill(registrationId)
  await expect(page.getByRole('row').filter({ hasText: student.name })).toContainText('Confirmed')
})
