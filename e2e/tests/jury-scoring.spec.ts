import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe.js'
import {
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
  email: `scorer.${stamp}@example.org`,
  name: 'Sam Scorer',
  password: 'scorer-password-1',
}
const teams = journeyStudents(['Team Quasar', 'Team Nebula'], {
  stamp,
  tag: 'team',
  mobilePrefix: '93',
  idPrefix: 'JS',
  college: 'Scoring College',
})
const roundName = `Scoring Round ${stamp}`

/** Scores every criterion of the open review dialog with `value` and saves. */
async function scoreAll(page: Page, team: string, value: number) {
  await page.getByRole('button', { name: `Score ${team}` }).click()
  const dialog = page.getByRole('dialog', { name: `Score ${team}` })
  // The criteria arrive with the review: .all() does not wait for them.
  await expect(dialog.getByRole('combobox').first()).toBeVisible()
  for (const select of await dialog.getByRole('combobox').all())
    await select.selectOption(String(value))
  await dialog.getByLabel('Overall comment (optional)').fill(`Scored ${value} by the journey`)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Review saved.')).toBeVisible()
  await expect(dialog).toBeHidden()
}

test('a jury member scores two submissions; the admin sees the ranking and selects the top one', async ({
  page,
  request,
}) => {
  const round = await juryAndActiveRound(request, judge, roundName)
  for (const team of teams) {
    const token = await registeredApplicantToken(request, team)
    await submitRepository(
      request,
      token,
      round.id,
      `https://github.com/scoring/${stamp}-${team.studentId}`,
    )
  }

  // The jury member scores both: Nebula higher than Quasar.
  await signInStaff(page, judge.email, judge.password)
  await openFromMainMenu(page, 'Submissions')
  await page.getByLabel('Filter by round').selectOption({ label: roundName })
  await scoreAll(page, 'Team Quasar', 6)
  await scoreAll(page, 'Team Nebula', 9)
  await expect(page.getByText('Your score: 9 / 10')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.context().clearCookies()

  // The admin opens the round's review page: Nebula ranks first and is selected from there.
  await signInAsAdmin(page)
  await page.goto(`/rounds/${round.id}/review`)
  await expect(page.getByRole('heading', { level: 1, name: `${roundName} — Review` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'How the ranking is computed' })).toBeVisible()
  const ranking = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Ranking' }) })
  const firstRow = ranking.getByRole('row').nth(1)
  await expect(firstRow).toContainText('Team Nebula')
  await expect(ranking.getByRole('row').nth(2)).toContainText('Team Quasar')
  await expectNoAxeViolations(page)
  await firstRow.getByRole('button', { name: 'Select Team Nebula' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Select' }).click()
  await expect(
    toast(page, 'Applicant selected successfully. Email notification sent.'),
  ).toBeVisible()
  expect((await findApplicant(request, teams[1]!.email)).status).toBe('selected')
})
