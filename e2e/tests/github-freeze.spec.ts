import { expect, test } from '@playwright/test'
import { baseURL, githubApi } from '../playwright.config.js'
import { expectNoAxeViolations } from './axe.js'
import {
  juryAndActiveRound,
  openFromMainMenu,
  registeredApplicantToken,
  signInStaff,
  submitRepository,
} from './support.js'

const stamp = Date.now()
const jury = {
  email: `judge.${stamp}@example.org`,
  name: 'Grace Judge',
  password: 'judge-password-1',
}
const student = {
  name: 'Frieda Freeze',
  email: `frieda.${stamp}@college.example`,
  mobile: `94${String(stamp).slice(-8)}`,
  studentId: 'GH-1',
  course: 'Computer Science Engineering',
  yearOfGraduation: '2027',
  collegeName: 'Commit College',
  linkedinProfile: '',
}
const fullName = `freeze-team/app-${stamp}`

test('the jury sees the commit frozen at the deadline, linked to exactly that tree, and the commits pushed after it', async ({
  page,
  request,
}) => {
  const round = await juryAndActiveRound(request, jury, `GitHub Freeze Round ${stamp}`, 8_000)
  // A registered applicant (the first round is open to them), signed in with a code.
  const sessionToken = await registeredApplicantToken(request, student)

  // The repository on (fake) GitHub, submitted before the deadline.
  await request.post(`${githubApi}/_control/repos`, { data: { fullName } })
  const [head] = (
    await (
      await request.post(`${githubApi}/_control/push`, { data: { fullName, count: 1 } })
    ).json()
  ).shas as string[]
  await submitRepository(request, sessionToken, round.id, `https://github.com/${fullName}`)

  // The freeze job runs at the deadline by itself.
  await expect
    .poll(
      async () => {
        const list = await (
          await request.get(`${baseURL}/api/submissions?roundId=${round.id}`)
        ).json()
        return list.submissions[0]?.repository?.frozenSha ?? null
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(head)

  // Two pushes after the deadline, found by GitHub's compare API.
  await request.post(`${githubApi}/_control/push`, { data: { fullName, count: 2 } })
  const check = await request.post(`${baseURL}/api/rounds/${round.id}/github-check`, { data: {} })
  expect(await check.json()).toEqual({ frozen: 0, compared: 1 })

  await signInStaff(page, jury.email, jury.password)
  await openFromMainMenu(page, 'Submissions')
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: student.name }) })
  await expect(card.getByText('Frozen at the deadline:')).toBeVisible()
  await expect(
    card.getByRole('link', { name: new RegExp(head!.slice(0, 7)) }).first(),
  ).toHaveAttribute('href', `https://github.com/${fullName}/tree/${head}`)
  await expect(card.getByText('2 commits after the deadline')).toBeVisible()
  await expectNoAxeViolations(page)
})
