import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { baseURL } from '../playwright.config.js'
import { expectNoAxeViolations } from './axe.js'
import { adminApi, configureEmail, emailTo, signInAsAdmin, toast } from './support.js'

const stamp = Date.now()
/** Round names of this journey only, so other journeys' rounds never make a stage ambiguous. */
const ideas = `Bulk Journey Preliminary Ideas ${stamp}`
const prototypes = `Bulk Journey Prototypes ${stamp}`
const students = ['Asha Selected', 'Ravi Waitlisted'].map((name, i) => ({
  name,
  email: `bulk.${i}.${stamp}@college.example`,
  mobile: `96${String(stamp + i).slice(-8)}`,
  studentId: `BULK-${i}`,
  course: 'Computer Science Engineering',
  yearOfGraduation: '2027',
  collegeName: 'Spreadsheet College',
}))

/** Downloads a template through the open dialog and opens it as a workbook. */
async function downloadTemplate(page: Page, dialogName: string, filename: string) {
  const dialog = page.getByRole('dialog', { name: dialogName })
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download Template' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(filename)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer)
  return book
}

/** Saves the filled workbook and checks then applies it through the dialog. */
async function checkAndApply(page: Page, dialogName: string, book: ExcelJS.Workbook, name: string) {
  const path = join(tmpdir(), `${stamp}-${name}`)
  writeFileSync(path, Buffer.from(await book.xlsx.writeBuffer()))
  const dialog = page.getByRole('dialog', { name: dialogName })
  await dialog.getByLabel('Spreadsheet file').setInputFiles(path)
  await dialog.getByRole('button', { name: 'Check File' }).click()
  return dialog
}

test('an admin downloads both templates, fills them, checks them (dry run), applies them, and exports the result', async ({
  page,
  request,
}) => {
  await configureEmail(request)
  await adminApi(request)
  // Stages 1 and 2, ahead of rounds other journeys left: the first round is open to every
  // registered applicant, and the sheet's Next Stage must be the round after the row's round.
  for (const [position, name, status] of [
    [1, ideas, 'active'],
    [2, prototypes, 'upcoming'],
  ] as const) {
    const created = await request.post(`${baseURL}/api/rounds`, {
      data: {
        name,
        description: 'Made by the bulk upload journey',
        status,
        position,
        requirements: [{ description: 'A repository' }],
        prizes: [],
        currentParticipants: '0',
      },
    })
    expect(created.status()).toBe(201)
  }
  const registrationIds: string[] = []
  for (const student of students) {
    const registered = await request.post(`${baseURL}/api/register`, { data: student })
    expect(registered.status()).toBe(201)
    registrationIds.push((await registered.json()).registrationId)
  }

  await signInAsAdmin(page)
  await page.goto('/quick-actions')
  await expect(page.getByRole('heading', { level: 1, name: 'Quick Actions' })).toBeVisible()
  await expectNoAxeViolations(page)

  // Selection: the template, filled with one Selected and one Not Selected row.
  await page.getByRole('button', { name: /Applicant Selection Upload/ }).click()
  const selectionBook = await downloadTemplate(
    page,
    'Upload Applicant Selection',
    'applicant_selection_template.xlsx',
  )
  const selection = selectionBook.getWorksheet('Applicant Selection')!
  selection.spliceRows(2, 1)
  selection.addRow(['', registrationIds[0], ideas, 'Selected', prototypes])
  selection.addRow(['', registrationIds[1], ideas, 'Not Selected', ''])
  const selectionDialog = await checkAndApply(
    page,
    'Upload Applicant Selection',
    selectionBook,
    'selection.xlsx',
  )
  await expect(
    selectionDialog.getByText('2 applicants would be updated; 0 already match.'),
  ).toBeVisible()
  await expect(
    selectionDialog.getByRole('row', { name: new RegExp(registrationIds[0]!) }),
  ).toContainText('Asha Selected')
  await expectNoAxeViolations(page)
  await selectionDialog.getByRole('button', { name: 'Apply Changes' }).click()
  await expect(toast(page, '2 applicants updated.')).toBeVisible()

  // The same email as a jury selection reached the selected applicant, and no one else.
  const notice = await emailTo(request, students[0]!.email, 'You have been selected')
  expect(notice.text).toMatch(/confirm-participation\?code=/)
  const list = await (
    await request.get(
      `${baseURL}/api/applicants?search=${encodeURIComponent('Spreadsheet College')}`,
    )
  ).json()
  const statusByName = Object.fromEntries(
    list.applicants.map((a: { name: string; status: string }) => [a.name, a.status]),
  )
  expect(statusByName).toEqual({ 'Asha Selected': 'selected', 'Ravi Waitlisted': 'not_selected' })

  // Stage details, on a 375 px phone: figures for the ideas round.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.getByRole('button', { name: /Stage Details Upload/ }).click()
  const stageBook = await downloadTemplate(
    page,
    'Upload Stage Details',
    'stage_details_template.xlsx',
  )
  const stages = stageBook.getWorksheet('Stage Details')!
  stages.spliceRows(2, 1)
  stages.addRow([ideas, 1200, 400, 950])
  const stageDialog = await checkAndApply(page, 'Upload Stage Details', stageBook, 'stages.xlsx')
  await expect(stageDialog.getByText('1 round would be updated; 0 already match.')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: test.info().outputPath('stage-details-preview-375.png') })
  await stageDialog.getByRole('button', { name: 'Apply Changes' }).click()
  await expect(toast(page, '1 round updated.')).toBeVisible()

  // Export both reports through the dialogs: the applicants CSV carries the decisions.
  await page.goto('/export-data')
  await page.getByRole('button', { name: /Applicants Data/ }).click()
  const applicants = page.getByRole('dialog', { name: 'Export Applicants Data' })
  await applicants.getByLabel('College Name').fill('Spreadsheet College')
  const csvDownload = page.waitForEvent('download')
  await applicants.getByRole('button', { name: 'Export Data' }).click()
  const csv = readFileSync(await (await csvDownload).path(), 'utf8')
  expect(csv).toMatch(new RegExp(`${registrationIds[0]},Asha Selected,.*,selected,${prototypes}`))
  expect(csv).toMatch(new RegExp(`${registrationIds[1]},Ravi Waitlisted,.*,not_selected,`))

  await page.getByRole('button', { name: /Competition Round Details/ }).click()
  const rounds = page.getByRole('dialog', { name: 'Export Competition Round Details' })
  await rounds.getByRole('checkbox', { name: /totalParticipants/ }).check()
  const xlsxDownload = page.waitForEvent('download')
  await rounds.getByRole('button', { name: 'Export Data' }).click()
  const exported = new ExcelJS.Workbook()
  await exported.xlsx.load(
    readFileSync(await (await xlsxDownload).path()) as unknown as ArrayBuffer,
  )
  // The ideas round is stage 1 by its name; the stage's figure includes the uploaded 1,200.
  const sheet = exported.worksheets[0]!
  expect(sheet.getRow(1).values).toContain('Total Participants')
  const stage1 = sheet.getRow(2).values as unknown[]
  expect(String(stage1[2])).toContain(ideas)
  expect(Number(stage1[3])).toBeGreaterThanOrEqual(1200)
})
