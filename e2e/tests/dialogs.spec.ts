import { expect, test } from '@playwright/test'

import { baseURL } from '../playwright.config.js'
import { expectNoAxeViolations } from './axe.js'
import {
  adminApi,
  configureEmail,
  findApplicant,
  journeyStudents,
  juryAndActiveRound,
  openFromMainMenu,
  registeredApplicantToken,
  signInAsAdmin,
  signInStaff,
  submitRepository,
  toast,
} from './support.js'

const stamp = Date.now()
const judge = {
  email: `confirmer.${stamp}@example.org`,
  name: 'Cara Confirmer',
  password: 'confirmer-password-1',
}
const students = journeyStudents(['Dana Dialog', 'Eli Escape'], {
  stamp,
  tag: 'dialog',
  mobilePrefix: '94',
  idPrefix: 'DL',
  college: 'Dialog College',
})
const roundName = `Dialog Round ${stamp}`

test('the jury confirms a selection, naming the person and the round, before anyone is emailed', async ({
  page,
  request,
}) => {
  const round = await juryAndActiveRound(request, judge, roundName)
  const [student] = students
  const token = await registeredApplicantToken(request, student!)
  await submitRepository(request, token, round.id, `https://github.com/dialogs/${stamp}`)

  await signInStaff(page, judge.email, judge.password)
  await openFromMainMenu(page, 'Applicants')
  await page.getByLabel('Search applicants').fill(student!.email)
  const select = page.getByRole('button', { name: `Select ${student!.name}` })
  await select.click()
  const dialog = page.getByRole('alertdialog', { name: 'Select Applicant' })
  await expect(dialog).toContainText(
    `Select ${student!.name} for ${roundName}? They will be emailed.`,
  )

  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(select).toBeFocused()
  expect((await findApplicant(request, student!.email)).status).toBe('submitted')

  await select.click()
  await dialog.getByRole('button', { name: 'Select' }).click()
  await expect(
    toast(page, 'Applicant selected successfully. Email notification sent.'),
  ).toBeVisible()
  expect((await findApplicant(request, student!.email)).status).toBe('selected')
})

test('a failed save keeps focus in the dialog on the error, and Escape closes the dialog while the toast shows', async ({
  page,
  request,
}) => {
  await configureEmail(request)
  await adminApi(request)
  for (const student of students) {
    const res = await request.post(`${baseURL}/api/register`, {
      data: { ...student, email: `again.${student.email}`, mobile: `95${student.mobile.slice(2)}` },
    })
    expect(res.status()).toBe(201)
  }
  const [first, second] = students.map((s) => ({ ...s, email: `again.${s.email}` }))

  await signInAsAdmin(page)
  await page.goto('/applicants')
  await page.getByLabel('Search applicants').fill(second!.email)
  const edit = page.getByRole('button', { name: `Edit ${second!.name}` })
  await edit.click()
  const dialog = page.getByRole('dialog', { name: 'Edit Applicant' })
  // Another applicant's email: the server refuses the save.
  await dialog.getByLabel('Email Address').fill(first!.email)
  await dialog.getByRole('button', { name: 'Save Changes' }).click()

  const alert = dialog.getByRole('alert')
  await expect(alert).toBeFocused()
  await expect(toast(page, 'Error')).toBeVisible()
  await expectNoAxeViolations(page)

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(edit).toBeFocused()
})
