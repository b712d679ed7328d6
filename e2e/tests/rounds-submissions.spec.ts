import { expect, test } from '@playwright/test'
import { baseURL } from '../playwright.config.js'
import { expectNoAxeViolations } from './axe.js'
import {
  adminApi,
  configureEmail,
  emailTo,
  localInput,
  openAddRoundAsAdmin,
  toast,
} from './support.js'

const student = {
  name: 'Tara Builder',
  email: `tara.builder.${Date.now()}@college.example`,
  mobile: `97${String(Date.now()).slice(-8)}`,
  studentId: 'IT-88',
  course: 'Information Technology',
  yearOfGraduation: '2027',
  collegeName: 'Builders College',
}

test('the admin creates a round; an applicant downloads its template, submits, resubmits, sees the history; after the deadline the stage is expired', async ({
  page,
  browser,
  request,
}) => {
  await configureEmail(request)

  // The admin creates the first stage (ahead of rounds other journeys left, so it is open to
  // every registered applicant) with a required idea document that has a template, an optional
  // video link, and three prizes.
  const form = await openAddRoundAsAdmin(page)
  await form.getByLabel('Name', { exact: true }).fill('Stage 1: Preliminary Ideas Submission Round')
  await form
    .getByLabel('Description', { exact: true })
    .fill('Share your idea and the repository where it lives.')
  await form.getByLabel('Stage number', { exact: true }).fill('1')
  await form.getByLabel('Status', { exact: true }).selectOption('active')
  await form.getByLabel('Start', { exact: true }).fill(localInput(-60))
  await form.getByLabel('End', { exact: true }).fill(localInput(120))
  await form.getByLabel('Requirement 1 description').fill('Idea document (use the template)')
  await form.getByLabel('Requirement 1 template (optional)').setInputFiles({
    name: 'idea-template.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% Idea template\n%%EOF\n'),
  })
  await expect(form.getByText('idea-template.pdf')).toBeVisible()
  await form.getByRole('button', { name: 'Add requirement' }).click()
  await form.getByLabel('Requirement 2 description').fill('A two-minute video link')
  await form.getByLabel('Requirement 2 Answer type').selectOption('link')
  await form.getByLabel('Requirement 2 Required').uncheck()
  await form
    .getByLabel('Prizes', { exact: true })
    .fill('Gold: 1,00,000\nSilver: 50,000\n\nBronze: 25,000')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Competition round added successfully')).toBeVisible()
  const card = page.getByRole('article', { name: 'Stage 1: Preliminary Ideas Submission Round' })
  // Three prizes, two shown: the card says what it left out.
  await expect(card).toContainText('+1 more')
  await expectNoAxeViolations(page)

  await adminApi(request)
  const { rounds } = await (await request.get(`${baseURL}/api/rounds`)).json()
  const round = rounds.find((r: { name: string }) => r.name.startsWith('Stage 1: Preliminary'))

  // An applicant signs in (through the API, as the portal journey covers the page).
  await request.post(`${baseURL}/api/register`, { data: student })
  await request.post(`${baseURL}/api/applicant/send-otp`, { data: { identifier: student.email } })
  const otp = /Your code: (\d{6})/.exec(
    (await emailTo(request, student.email, 'sign-in code')).text,
  )![1]
  const session = await (
    await request.post(`${baseURL}/api/applicant/verify-otp`, {
      data: { identifier: student.email, otp },
    })
  ).json()
  const applicantContext = await browser.newContext()
  await applicantContext.addInitScript(
    ({ token, data }) => {
      localStorage.setItem('applicantSessionToken', token)
      localStorage.setItem('applicantData', data)
    },
    { token: session.sessionToken as string, data: JSON.stringify(session.applicant) },
  )
  const applicant = await applicantContext.newPage()
  await applicant.goto(`/applicant/submit/${round.id}`)
  await expect(
    applicant.getByRole('heading', { name: 'Stage 1: Preliminary Ideas Submission Round' }),
  ).toBeVisible()

  const download = applicant.waitForEvent('download')
  await applicant.getByRole('button', { name: /Download template/ }).click()
  expect((await download).suggestedFilename()).toBe('idea-template.pdf')

  // The idea document is required: the filled-in template is uploaded first; the link is not.
  await applicant.getByLabel('GitHub Repository URL').fill('https://github.com/tara/ideaa-typo')
  await applicant.getByRole('button', { name: 'Submit' }).click()
  await expect(
    applicant.getByText('Please answer "Idea document (use the template)": it is required.'),
  ).toBeVisible()
  await applicant.getByLabel('Idea document (use the template)').setInputFiles({
    name: 'tara-idea.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from("%PDF-1.4\n% Tara's idea, on the template\n%%EOF\n"),
  })
  await expect(applicant.getByText('tara-idea.pdf')).toBeVisible()
  await applicant.getByRole('button', { name: 'Submit' }).click()
  await expect(toast(applicant, 'Your submission has been received.')).toBeVisible()
  await applicant.getByLabel('GitHub Repository URL').fill('https://github.com/tara/idea')
  await applicant.getByRole('button', { name: 'Update Submission' }).click()
  await expect(toast(applicant, 'Your submission has been updated.')).toBeVisible()
  await expectNoAxeViolations(applicant)

  await applicant.goto('/applicant/submissions')
  await expect(
    applicant.getByRole('link', { name: /github\.com\/tara\/idea\b/ }).first(),
  ).toBeVisible()
  await expect(applicant.getByText('Earlier versions (1)')).toBeVisible()
  const mine = await (
    await request.get(`${baseURL}/api/applicant/my-submissions`, {
      headers: { authorization: `Bearer ${session.sessionToken}` },
    })
  ).json()
  expect(mine.submissions).toHaveLength(1)
  expect(
    mine.submissions[0].answers.map((a: { file: { name: string } | null }) => a.file?.name),
  ).toEqual(['tara-idea.pdf'])

  // The deadline passes: the page says so and the server refuses a direct call.
  const past = new Date(Date.now() - 60_000).toISOString()
  const moved = await request.put(`${baseURL}/api/rounds/${round.id}`, {
    data: {
      name: round.name,
      description: round.description,
      status: 'active',
      startTime: round.startTime,
      endTime: past,
      maxParticipants: null,
      // Each requirement is sent back as it is (with its id), so only the deadline changes.
      requirements: round.requirements.map(
        ({ template, ...r }: { template: { id: string } | null }) => ({
          ...r,
          templateFileId: template?.id ?? null,
        }),
      ),
      prizes: round.prizes,
    },
  })
  expect(moved.status()).toBe(200)
  await applicant.goto(`/applicant/submit/${round.id}`)
  await expect(applicant.getByText('Stage Expired', { exact: true })).toBeVisible()
  await expect(applicant.getByLabel('GitHub Repository URL')).toBeDisabled()
  const late = await request.post(`${baseURL}/api/applicant/submit-stage`, {
    headers: { authorization: `Bearer ${session.sessionToken}` },
    data: { stageId: round.id, githubUrl: 'https://github.com/tara/too-late', documents: [] },
  })
  expect(late.status()).toBe(403)
  expect((await late.json()).message).toBe(
    'This stage has expired and no longer accepts submissions.',
  )
  await applicantContext.close()
})
