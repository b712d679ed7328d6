import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { eventURL } from '../playwright.config.js'
import { expectNoAxeViolations } from './axe.js'
import {
  addJudge,
  applicantToken,
  configureEmail,
  emailTo,
  localInput,
  openAddRoundAsAdmin,
  openFromMainMenu,
  signInStaff,
  toast,
} from './support.js'

/**
 * docs/product/pipeline.md from start to finish, on a platform of its own (eventURL, see
 * playwright.config.ts): four stages, six students, some stopped at each stage, one winner. After
 * every step, every place that shows where someone stands must say what the journey did.
 */
test.use({ baseURL: eventURL })

const stamp = Date.now()
const colleges = ['Pipeline College North', 'Pipeline College South', 'Pipeline College East']
const students = [
  'Aarav Mehta',
  'Bhavna Iyer',
  'Chirag Rao',
  'Divya Nair',
  'Esha Khan',
  'Farhan Ali',
].map((name, i) => ({
  name,
  email: `four.stage.${i}.${stamp}@college.example`,
  // Each journey file has its own first two digits (rounds-submissions has 97).
  mobile: `91${String(stamp + i).slice(-8)}`,
  studentId: `FS-${i}`,
  course: 'Computer Science Engineering',
  yearOfGraduation: '2027',
  collegeName: colleges[i % colleges.length]!,
}))
const judge = {
  email: `four.stage.judge.${stamp}@example.org`,
  name: 'Pipeline Judge',
  password: 'pipeline-judge-password',
}
const winnerPrize = 'Change Maker of the Year: 1,00,000'

type Decided = 'advanced' | 'not_advanced' | 'won'
type StageRecord = 'submitted' | Decided

interface Stage {
  id: string
  name: string
  /** The id of its one requirement. */
  requirementId: string
}

/** A student as the journey knows them: what they did and what was decided, stage by stage. */
interface Person {
  student: (typeof students)[number]
  id: string
  token: string
  records: (StageRecord | undefined)[]
  submittedTo: Set<number>
  /** The stage whose advance they confirmed, if any. */
  confirmed: number | null
}

const DECISION_LABELS: { [state in Decided]: string } = {
  advanced: 'Advanced',
  not_advanced: 'Not advanced',
  won: 'Won',
}
const DECIDED = new Set<StageRecord>(['advanced', 'not_advanced', 'won'])
const bearer = (person: Person) => ({ authorization: `Bearer ${person.token}` })

/** Where a person stands in each stage (docs/product/pipeline.md#access). */
function stagesOf(person: Person, stages: Stage[]) {
  return stages.map((stage, i) => {
    const record = person.records[i]
    const theirs = i === 0 || person.records[i - 1] === 'advanced' || record !== undefined
    const laterRecord = person.records.slice(i + 1).some(Boolean)
    const access =
      (record && DECIDED.has(record)) || laterRecord ? 'decided' : theirs ? 'open' : 'locked'
    return {
      stage: stage.name,
      access,
      state: record ?? (theirs ? 'eligible' : null),
      submitted: person.submittedTo.has(i),
      message:
        access === 'open'
          ? 'Open for submissions.'
          : access === 'locked'
            ? `You are not eligible to submit for this stage: you must be selected in ${stages[i - 1]!.name} first.`
            : 'You are not eligible to submit for this stage: the jury has already decided on your entry in it.',
    }
  })
}

/** Status and current stage, from the latest record (docs/product/pipeline.md#status). */
function standingOf(person: Person, stages: Stage[]) {
  const latest = person.records.findLastIndex(Boolean)
  const record = person.records[latest]
  if (!record) return { status: 'registered', currentStage: null }
  if (record === 'advanced')
    return {
      status: person.confirmed === latest ? 'confirmed' : 'selected',
      currentStage: (stages[latest + 1] ?? stages[latest]!).name,
    }
  return {
    status: { submitted: 'submitted', not_advanced: 'not_selected', won: 'won' }[record],
    currentStage: stages[latest]!.name,
  }
}

/** What every source should say, from what the journey did: one object, compared whole. */
function expectedEvent(stages: Stage[], people: Person[]) {
  const standings = Object.fromEntries(people.map((p) => [p.student.name, standingOf(p, stages)]))
  const inStage = (i: number) => people.filter((p) => p.records[i])
  return {
    'GET /api/applicants': standings,
    'POST /api/admin/export-applicants': standings,
    'GET /api/applicant/dashboard': Object.fromEntries(
      people.map((p) => {
        const standing = standingOf(p, stages)
        return [
          p.student.name,
          {
            ...standing,
            requiresConfirmation: standing.status === 'selected',
            stages: stagesOf(p, stages),
          },
        ]
      }),
    ),
    'GET /api/rounds': Object.fromEntries(
      stages.map((stage, i) => [
        stage.name,
        {
          position: i + 1,
          participants: inStage(i).length,
          colleges: new Set(inStage(i).map((p) => p.student.collegeName)).size,
        },
      ]),
    ),
    // Only the rounds with records are listed.
    'GET /api/stage-stats': Object.fromEntries(
      stages.flatMap((stage, i) =>
        inStage(i).length === 0
          ? []
          : [
              [
                stage.name,
                {
                  submissions: people.filter((p) => p.submittedTo.has(i)).length,
                  selections: inStage(i).filter((p) => ['advanced', 'won'].includes(p.records[i]!))
                    .length,
                },
              ],
            ],
      ),
    ),
  }
}

/** RFC 4180, as the export writes it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): { [column: string]: string }[] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const body = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''))
      rows.push(row)
      row = []
      cell = ''
    } else cell += c
  }
  if (cell || row.length) rows.push([...row, cell])
  const [header = [], ...data] = rows
  return data.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])))
}

/** What every source says, in the shape of expectedEvent. */
async function readEvent(request: APIRequestContext, stages: Stage[], people: Person[]) {
  const nameOf = (email: string) => people.find((p) => p.student.email === email)!.student.name
  const stageName = (id: string) => stages.find((s) => s.id === id)?.name ?? id
  const list = await (await request.get('/api/applicants?limit=100')).json()
  const exported = parseCsv(
    await (await request.post('/api/admin/export-applicants', { data: {} })).text(),
  )
  const dashboards = await Promise.all(
    people.map(async (p) => {
      const res = await request.get('/api/applicant/dashboard', { headers: bearer(p) })
      expect(res.status()).toBe(200)
      return res.json()
    }),
  )
  const { rounds } = await (await request.get('/api/rounds')).json()
  const { stages: stats } = await (await request.get('/api/stage-stats')).json()
  return {
    'GET /api/applicants': Object.fromEntries(
      list.applicants.map((a: { email: string; status: string; currentStage: string | null }) => [
        nameOf(a.email),
        { status: a.status, currentStage: a.currentStage },
      ]),
    ),
    'POST /api/admin/export-applicants': Object.fromEntries(
      exported.map((row) => [
        nameOf(row.Email!),
        { status: row.Status, currentStage: row['Current Stage'] || null },
      ]),
    ),
    'GET /api/applicant/dashboard': Object.fromEntries(
      dashboards.map((d, i) => [
        people[i]!.student.name,
        {
          status: d.applicant.status,
          currentStage: d.applicant.currentStage,
          requiresConfirmation: d.requiresConfirmation,
          stages: d.rounds.map(
            (r: {
              name: string
              access: string
              state: string | null
              submission: object | null
              accessMessage: string
            }) => ({
              stage: r.name,
              access: r.access,
              state: r.state,
              submitted: r.submission !== null,
              message: r.accessMessage,
            }),
          ),
        },
      ]),
    ),
    'GET /api/rounds': Object.fromEntries(
      rounds.map(
        (r: {
          name: string
          position: number
          currentParticipants: number
          totalColleges: number
        }) => [
          r.name,
          { position: r.position, participants: r.currentParticipants, colleges: r.totalColleges },
        ],
      ),
    ),
    'GET /api/stage-stats': Object.fromEntries(
      stats.map((s: { stageId: string; submissions: number; selections: number }) => [
        stageName(s.stageId),
        { submissions: s.submissions, selections: s.selections },
      ]),
    ),
  }
}

/**
 * The applicant list, the export, every dashboard, the rounds and the stage stats all say what
 * the journey did. Figures are recounted a moment after an applicant's change: wait for them.
 */
async function expectAgreement(
  request: APIRequestContext,
  stages: Stage[],
  people: Person[],
  when: string,
) {
  await test.step(`every source agrees ${when}`, async () => {
    const expected = expectedEvent(stages, people)
    await expect(async () => {
      expect(await readEvent(request, stages, people)).toEqual(expected)
    }).toPass({ timeout: 15_000 })
  })
}

/** The applicant's stage list in the browser: each stage's state, and Submit only where open. */
async function expectStagesShown(page: Page, stages: Stage[], person: Person) {
  await page.goto('/applicant/dashboard')
  const list = page.getByRole('list', { name: 'Available Stages' })
  const submitLinks = list.getByRole('link', { name: /^(Submit to|Update submission for) / })
  const expected = stagesOf(person, stages)
  for (const [i, stage] of expected.entries()) {
    const item = list.getByRole('listitem').filter({
      has: page.getByRole('heading', { level: 3, name: stages[i]!.name, exact: true }),
    })
    const record = person.records[i]
    await expect(item).toContainText(
      record && DECIDED.has(record)
        ? `The jury has decided: ${DECISION_LABELS[record as Decided]}.`
        : stage.access === 'open'
          ? 'Open now'
          : stage.message,
    )
    await expect(
      item.getByRole('link', { name: /^(Submit to|Update submission for) / }),
    ).toHaveCount(stage.access === 'open' ? 1 : 0)
  }
  await expect(submitLinks).toHaveCount(expected.filter((s) => s.access === 'open').length)
}

/** Signs an applicant in on the login page with the code emailed to them: their page. */
async function signInInBrowser(browser: Browser, request: APIRequestContext, email: string) {
  const context = await browser.newContext({ baseURL: eventURL })
  const page = await context.newPage()
  await page.goto('/applicant/login')
  await page.getByLabel('Email or Mobile Number').fill(email)
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await expect(page.getByLabel('Enter OTP')).toBeVisible()
  const otp = /Your code: (\d{6})/.exec((await emailTo(request, email, 'sign-in code')).text)![1]!
  await page.getByLabel('Enter OTP').fill(otp)
  await page.getByRole('button', { name: 'Verify OTP' }).click()
  await expect(page).toHaveURL(/\/applicant\/dashboard$/)
  const token = await page.evaluate(() => localStorage.getItem('applicantSessionToken'))
  return { page, token: token! }
}

/** A one-page PDF that says `text`, with a correct cross-reference table. */
function pdfOf(text: string): Buffer {
  const content = `BT /F1 18 Tf 40 100 Td (${text}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets = objects.map((body, i) => {
    const offset = pdf.length
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
    return offset
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

test('a four-stage event: six applicants, some stopped at each stage, one winner; every dashboard, the admin figures and the export agree at every step', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  await configureEmail(request, eventURL)
  await addJudge(request, judge, eventURL)

  // The organizer creates stage 1 in the round form: a pitch video link is required.
  const form = await openAddRoundAsAdmin(page)
  await form.getByLabel('Name', { exact: true }).fill('Stage 1: Ideas')
  await form.getByLabel('Description', { exact: true }).fill('Pitch the idea in a short video.')
  await form.getByLabel('Stage number', { exact: true }).fill('1')
  await form.getByLabel('Status', { exact: true }).selectOption('active')
  await form.getByLabel('Start', { exact: true }).fill(localInput(-60))
  await form.getByLabel('End', { exact: true }).fill(localInput(240))
  await form.getByLabel('Requirement 1 description').fill('Pitch video')
  await form.getByLabel('Requirement 1 Answer type').selectOption('link')
  await expect(form.getByLabel('Requirement 1 Required')).toBeChecked()
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Competition round added successfully')).toBeVisible()

  // Stages 2 to 4 through the API: a required PDF, a required text, a required link and prizes.
  const later = [
    {
      name: 'Stage 2: Prototype',
      requirement: {
        description: 'Prototype report',
        kind: 'file',
        required: true,
        fileTypes: ['pdf'],
        maxSizeMb: 5,
      },
    },
    {
      name: 'Stage 3: Project',
      requirement: { description: 'Project summary', kind: 'text', required: true },
    },
    {
      name: 'Stage 4: Change Makers',
      requirement: { description: 'Live demo link', kind: 'link', required: true },
      prizes: [winnerPrize, 'Runner-up: 50,000'],
    },
  ]
  for (const [i, round] of later.entries()) {
    const created = await request.post('/api/rounds', {
      data: {
        name: round.name,
        description: `The journey's ${round.name}`,
        status: 'active',
        startTime: new Date(Date.now() - 60_000).toISOString(),
        endTime: new Date(Date.now() + 4 * 3_600_000).toISOString(),
        position: i + 2,
        requirements: [round.requirement],
        prizes: round.prizes ?? [],
      },
    })
    expect(created.status()).toBe(201)
  }
  const { rounds } = await (await request.get('/api/rounds')).json()
  const stages: Stage[] = rounds.map(
    (r: { id: string; name: string; requirements: { id: string }[] }) => ({
      id: r.id,
      name: r.name,
      requirementId: r.requirements[0]!.id,
    }),
  )
  expect(stages.map((s) => s.name)).toEqual([
    'Stage 1: Ideas',
    'Stage 2: Prototype',
    'Stage 3: Project',
    'Stage 4: Change Makers',
  ])
  expect(rounds[0].requirements[0]).toMatchObject({
    description: 'Pitch video',
    kind: 'link',
    required: true,
  })

  // Six students register; two sign in on the login page, the others as the page would.
  for (const student of students) {
    expect((await request.post('/api/register', { data: student })).status()).toBe(201)
  }
  const { applicants } = await (await request.get('/api/applicants?limit=100')).json()
  const idOf = (email: string) => applicants.find((a: { email: string }) => a.email === email).id
  const aarav = await signInInBrowser(browser, request, students[0]!.email)
  const farhan = await signInInBrowser(browser, request, students[5]!.email)
  const people: Person[] = []
  for (const [i, student] of students.entries()) {
    const token =
      i === 0
        ? aarav.token
        : i === 5
          ? farhan.token
          : await applicantToken(request, student.email, eventURL)
    people.push({
      student,
      id: idOf(student.email),
      token,
      records: [],
      submittedTo: new Set(),
      confirmed: null,
    })
  }
  const [a, b, c, d, e, f] = people as [Person, Person, Person, Person, Person, Person]
  await expectAgreement(request, stages, people, 'after registration')
  await expectStagesShown(aarav.page, stages, a)

  /** A submission through the API, answering the stage's requirement with `answer`. */
  async function submit(person: Person, stage: number, answer: object) {
    const res = await request.post('/api/applicant/submit-stage', {
      headers: bearer(person),
      data: {
        stageId: stages[stage]!.id,
        githubUrl: `https://github.com/four-stage/${person.student.studentId.toLowerCase()}-${stage + 1}`,
        answers: [{ requirementId: stages[stage]!.requirementId, ...answer }],
      },
    })
    expect(res.status(), await res.text()).toBe(200)
    person.records[stage] = 'submitted'
    person.submittedTo.add(stage)
  }
  /** The jury's Select through the API: advances from the round of the latest record. */
  async function select(person: Person, stage: number) {
    const res = await request.post(`/api/applicants/${person.id}/select`, { data: {} })
    expect(res.status(), await res.text()).toBe(200)
    person.records[stage] = 'advanced'
  }
  /** The admin's decision form through the API. */
  async function decide(person: Person, stage: number, decision: Decided, note: string) {
    const res = await request.post(`/api/applicants/${person.id}/decision`, {
      data: { roundId: stages[stage]!.id, decision, note },
    })
    expect(res.status(), await res.text()).toBe(200)
    person.records[stage] = decision
  }

  await test.step('stage 1: all six submit; four advance, two are stopped', async () => {
    // Aarav submits on the stage page, answering the pitch video link.
    await aarav.page.getByRole('link', { name: 'Submit to Stage 1: Ideas' }).click()
    await expect(
      aarav.page.getByRole('heading', { level: 1, name: 'Stage 1: Ideas' }),
    ).toBeVisible()
    await aarav.page
      .getByLabel('GitHub Repository URL')
      .fill('https://github.com/four-stage/aarav-ideas')
    await aarav.page.getByLabel('Pitch video').fill('https://videos.example.org/aarav-pitch')
    await expectNoAxeViolations(aarav.page)
    await aarav.page.getByRole('button', { name: 'Submit' }).click()
    await expect(toast(aarav.page, 'Your submission has been received.')).toBeVisible()
    a.records[0] = 'submitted'
    a.submittedTo.add(0)
    for (const person of [b, c, d, e, f])
      await submit(person, 0, { url: `https://videos.example.org/${person.student.studentId}` })
    await expectAgreement(request, stages, people, 'after the stage 1 submissions')

    // A jury member selects Aarav with the Select button; the rest are decided through the API.
    const juryContext = await browser.newContext({ baseURL: eventURL })
    const jury = await juryContext.newPage()
    await signInStaff(jury, judge.email, judge.password)
    await openFromMainMenu(jury, 'Applicants')
    await jury.getByLabel('Search applicants').fill(a.student.email)
    await jury.getByRole('button', { name: `Select ${a.student.name}` }).click()
    await jury.getByRole('alertdialog').getByRole('button', { name: 'Select' }).click()
    await expect(
      toast(jury, 'Applicant selected successfully. Email notification sent.'),
    ).toBeVisible()
    await juryContext.close()
    a.records[0] = 'advanced'
    for (const person of [b, c, d]) await select(person, 0)
    for (const person of [e, f]) await decide(person, 0, 'not_advanced', 'Not enough to build on')

    // Aarav confirms on the dashboard.
    await aarav.page.goto('/applicant/dashboard')
    await aarav.page.getByRole('button', { name: 'Confirm Participation' }).click()
    await expect(
      toast(aarav.page, 'Your participation is confirmed. See you at the event!'),
    ).toBeVisible()
    a.confirmed = 0
    await expectAgreement(request, stages, people, 'after the stage 1 decisions')
    await expectStagesShown(aarav.page, stages, a)
    await expectStagesShown(farhan.page, stages, f)

    // Farhan, stopped, is refused at stage 2 with the round he needed to pass.
    const refused = await request.post('/api/applicant/submit-stage', {
      headers: bearer(f),
      data: {
        stageId: stages[1]!.id,
        githubUrl: 'https://github.com/four-stage/farhan-sneaks-in',
        answers: [],
      },
    })
    expect(refused.status()).toBe(403)
    expect(await refused.json()).toMatchObject({
      code: 'STAGE_LOCKED',
      message:
        'You are not eligible to submit for this stage: you must be selected in Stage 1: Ideas first.',
    })
  })

  await test.step('stage 2: four submit a PDF report; three advance, one is stopped', async () => {
    await aarav.page.getByRole('link', { name: 'Submit to Stage 2: Prototype' }).click()
    await aarav.page
      .getByLabel('GitHub Repository URL')
      .fill('https://github.com/four-stage/aarav-prototype')
    await aarav.page.getByLabel('Prototype report').setInputFiles({
      name: 'aarav-prototype-report.pdf',
      mimeType: 'application/pdf',
      buffer: pdfOf('Aarav: prototype report'),
    })
    await expect(aarav.page.getByText('aarav-prototype-report.pdf')).toBeVisible()
    await aarav.page.getByRole('button', { name: 'Submit' }).click()
    await expect(toast(aarav.page, 'Your submission has been received.')).toBeVisible()
    a.records[1] = 'submitted'
    a.submittedTo.add(1)
    for (const person of [b, c, d]) {
      const uploaded = await request.post(
        `/api/applicant/answer-files?requirementId=${stages[1]!.requirementId}`,
        {
          headers: bearer(person),
          multipart: {
            file: {
              name: `${person.student.studentId}-report.pdf`,
              mimeType: 'application/pdf',
              buffer: pdfOf(`${person.student.name}: prototype report`),
            },
          },
        },
      )
      expect(uploaded.status(), await uploaded.text()).toBe(201)
      await submit(person, 1, { fileId: (await uploaded.json()).id })
    }
    await expectAgreement(request, stages, people, 'after the stage 2 submissions')

    for (const person of [a, b, c]) await select(person, 1)
    await decide(d, 1, 'not_advanced', 'The prototype did not run')
    await expectAgreement(request, stages, people, 'after the stage 2 decisions')
    await expectStagesShown(aarav.page, stages, a)
    await expectStagesShown(farhan.page, stages, f)
  })

  await test.step('stage 3: three submit a summary; two advance, one is stopped', async () => {
    for (const person of [a, b, c])
      await submit(person, 2, { text: `${person.student.name} builds it for the whole college.` })
    await expectAgreement(request, stages, people, 'after the stage 3 submissions')
    for (const person of [a, b]) await select(person, 2)
    await decide(c, 2, 'not_advanced', 'Two places in the final')
    await expectAgreement(request, stages, people, 'after the stage 3 decisions')
    await expectStagesShown(aarav.page, stages, a)
    await expectStagesShown(farhan.page, stages, f)
  })

  await test.step('stage 4: two finalists submit; the admin records the winner in the Rounds dialog', async () => {
    for (const person of [a, b])
      await submit(person, 3, { url: `https://demo.example.org/${person.student.studentId}` })
    await expectAgreement(request, stages, people, 'after the stage 4 submissions')

    await openFromMainMenu(page, 'Applicants')
    await page.getByLabel('Search applicants').fill(a.student.email)
    await page.getByRole('button', { name: `Rounds for ${a.student.name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Rounds of ${a.student.name}` })
    // The decision is about the round of the latest record: the final.
    const round = dialog.getByLabel('Round', { exact: true })
    await expect(round).toHaveValue(stages[3]!.id)
    await expect(round.locator('option:checked')).toHaveText('Stage 4: Change Makers')
    await dialog.getByLabel('Decision', { exact: true }).selectOption('won')
    await dialog.getByLabel('Prize (optional)').fill(winnerPrize)
    await dialog.getByLabel('Note (optional)').fill('The jury was unanimous')
    await dialog.getByRole('button', { name: 'Record decision' }).click()
    await expect(toast(page, 'Decision recorded.')).toBeVisible()
    const records = dialog.getByRole('list', { name: 'Records by round' })
    await expect(records.getByRole('listitem')).toHaveCount(4)
    for (const stage of stages) await expect(records).toContainText(stage.name)
    await expect(records).not.toContainText('Stage 4: Stage 4')
    await expect(records.getByRole('listitem').last()).toContainText('Won')
    await expect(records.getByRole('listitem').last()).toContainText(winnerPrize)
    await page.keyboard.press('Escape')
    a.records[3] = 'won'
    await decide(b, 3, 'not_advanced', 'Runner-up')
    await expectAgreement(request, stages, people, 'after the final')
    await expectStagesShown(aarav.page, stages, a)
    await expectNoAxeViolations(aarav.page)
    await expectStagesShown(farhan.page, stages, f)
  })

  await test.step('the admin dashboard shows the same figures per round', async () => {
    await page.goto('/')
    const expected = expectedEvent(stages, people)
    const cards = [
      ['Participants', 'Colleges', 'Ideas Submitted'],
      ['Participants', 'Colleges', 'Prototypes Approved'],
      ['Participants', 'Colleges', 'Projects Approved'],
      ['Invitees', 'Colleges', 'Solutions to be Built'],
    ]
    for (const [i, stage] of stages.entries()) {
      const { participants, colleges: collegeCount } = expected['GET /api/rounds'][stage.name]!
      const { submissions, selections } = expected['GET /api/stage-stats'][stage.name]!
      const figure = i === 0 ? submissions : selections
      const article = page.getByRole('article', { name: stage.name })
      await expect(article.locator('dt')).toHaveText(cards[i]!)
      await expect(article.locator('dd > span:first-child')).toHaveText(
        [participants, collegeCount, figure].map(String),
      )
      const percent = Math.round((selections / submissions) * 100)
      await expect(
        page.getByRole('progressbar', { name: `${stage.name}: qualified of submissions` }),
      ).toHaveAttribute('aria-valuetext', `${selections} of ${submissions} qualified (${percent}%)`)
    }
    await expectNoAxeViolations(page)
  })

  await aarav.page.context().close()
  await farhan.page.context().close()
})
