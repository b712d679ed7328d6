import { expect, test } from '@playwright/test'
import { baseURL } from '../playwright.config.js'
import { expectNoAxeViolations, scrollsSideways } from './axe.js'
import { adminApi, configureEmail, createActiveRound, emailTo, toast } from './support.js'

const student = {
  name: 'Ravi Portal',
  email: `ravi.portal.${Date.now()}@college.example`,
  mobile: `98${String(Date.now()).slice(-8)}`,
  studentId: 'ECE-77',
  course: 'Electronics and Communication',
  yearOfGraduation: '2026',
  collegeName: 'Portal Engineering College',
}

test('an applicant signs in with a code sent for their mobile number, sees their progress, confirms participation and logs out', async ({
  page,
  request,
}) => {
  await configureEmail(request)
  const registered = await request.post(`${baseURL}/api/register`, { data: student })
  expect(registered.status()).toBe(201)
  // The jury's decision, made directly in the first round (selection is covered by the
  // registration journey): a decision is always about a round, so the organizer has made one.
  await adminApi(request)
  await createActiveRound(request, `Portal Journey Round ${Date.now()}`, 3_600_000)
  const list = await (
    await request.get(`${baseURL}/api/applicants?search=${encodeURIComponent(student.email)}`)
  ).json()
  const applicant = list.applicants[0]
  const edit = await request.put(`${baseURL}/api/applicants/${applicant.id}`, {
    data: { ...student, collegeName: student.collegeName, linkedinProfile: '', status: 'selected' },
  })
  expect(edit.status()).toBe(200)

  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/applicant/login')
  // The number as people write it: with the country code and spaces; it is the same person.
  await page
    .getByLabel('Email or Mobile Number')
    .fill(`+91 ${student.mobile.slice(0, 5)} ${student.mobile.slice(5)}`)
  await page.getByRole('button', { name: 'Send OTP' }).click()
  const code = page.getByLabel('Enter OTP')
  await expect(code).toBeVisible()
  await expectNoAxeViolations(page)

  const message = await emailTo(request, student.email, 'sign-in code')
  const otp = /Your code: (\d{6})/.exec(message.text)![1]!
  // The field keeps digits only, at most six.
  await code.fill(`${otp.slice(0, 3)}ab${otp.slice(3)}99`)
  await expect(code).toHaveValue(otp)
  await page.getByRole('button', { name: 'Verify OTP' }).click()

  await expect(page).toHaveURL(/\/applicant\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(student.name)
  // Selected is step 2 of registered, selected, confirmed, submitted, reviewed: 40%.
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40')
  expect(await scrollsSideways(page)).toBe(false)
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Confirm Participation' }).click()
  await expect(toast(page, 'Your participation is confirmed. See you at the event!')).toBeVisible()
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60')
  await expect(page.getByRole('button', { name: 'Confirm Participation' })).toHaveCount(0)

  const token = await page.evaluate(() => localStorage.getItem('applicantSessionToken'))
  expect(token).toBeTruthy()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/applicant\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('applicantSessionToken'))).toBeNull()
  const afterLogout = await request.get(`${baseURL}/api/applicant/dashboard`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(afterLogout.status()).toBe(401)
})
