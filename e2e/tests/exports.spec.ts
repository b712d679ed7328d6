import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './axe.js'
import { signInAsAdmin, toast } from './support.js'

test('an admin exports the applicants and the round details through the Export Data dialogs', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/export-data')
  await expect(page.getByRole('heading', { level: 1, name: 'Export Data' })).toBeVisible()
  await expect(page.getByText('Download reports and data exports from the system.')).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: /Applicants Data/ }).click()
  const applicants = page.getByRole('dialog', { name: 'Export Applicants Data' })
  await expect(applicants.getByLabel('From Time')).toHaveValue('09:00')
  await expect(applicants.getByLabel('To Time')).toHaveValue('18:00')
  await applicants.getByLabel('College Name').fill('  college  ')
  const csvDownload = page.waitForEvent('download')
  await applicants.getByRole('button', { name: 'Export Data' }).click()
  const csv = await csvDownload
  expect(csv.suggestedFilename()).toMatch(/^applicants_export_\d{4}-\d{2}-\d{2}\.csv$/)
  const text = readFileSync(await csv.path(), 'utf8')
  expect(text.startsWith('\uFEFFRegistration ID,Name,Email')).toBe(true)
  await expect(toast(page, 'Applicants data has been exported successfully.')).toBeVisible()
  await expect(applicants).toBeHidden()

  await page.getByRole('button', { name: /Competition Round Details/ }).click()
  const rounds = page.getByRole('dialog', { name: 'Export Competition Round Details' })
  await rounds.getByRole('checkbox', { name: /totalParticipants/ }).check()
  const xlsxDownload = page.waitForEvent('download')
  await rounds.getByRole('button', { name: 'Export Data' }).click()
  const xlsx = await xlsxDownload
  expect(xlsx.suggestedFilename()).toMatch(/^rounds_export_\d{4}-\d{2}-\d{2}\.xlsx$/)
  // An xlsx file is a zip: it starts with PK.
  expect(
    readFileSync(await xlsx.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK')
  await expect(
    toast(page, 'Competition round details have been exported successfully.'),
  ).toBeVisible()
})
