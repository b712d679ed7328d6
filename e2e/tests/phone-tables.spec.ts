import { expect, test, type Locator, type Page } from '@playwright/test'

import { expectNoAxeViolations, scrollsSideways } from './axe.js'
import {
  findApplicant,
  juryAndActiveRound,
  registeredApplicantToken,
  signInAsAdmin,
  signInStaff,
  submitRepository,
} from './support.js'

/**
 * The lists of applicants, staff and emails on a 375 px phone: every applicant's status and
 * actions in sight, no sideways scrolling; and the delivery log's every column on a desktop
 * (docs/decisions/027-phone-tables.md).
 */

const PHONE = { width: 375, height: 740 }
const stamp = Date.now()
const judge = {
  email: `phone.judge.${stamp}@example.org`,
  name: 'Pat Phone',
  password: 'phone-judge-password-1',
}
const student = {
  name: 'Priya Pocket',
  // A long address, as the delivery log's widest recipient.
  email: `phone.tables.applicant.with.a.long.address.${stamp}@engineering-college.example`,
  mobile: `88${String(stamp).slice(-8)}`,
  studentId: 'PT-1',
  course: 'Computer Science Engineering',
  yearOfGraduation: '2027',
  collegeName: 'Pocket Institute of Technology',
  linkedinProfile: '',
}
const roundName = `Phone Round ${stamp}`
let registrationId = ''

/** Visible, and its whole width inside the phone's screen. */
async function expectOnScreen(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible()
  const box = await locator.boundingBox()
  expect(box, 'laid out').not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width)
}

/**
 * How many lines the text of `element` takes on screen: all of it, and its first `count`
 * characters (across the element's text nodes).
 */
async function linesOf(element: Locator, count: number): Promise<{ all: number; upToAt: number }> {
  return element.evaluate((el, count) => {
    const lines = (range: Range) =>
      new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)),
      ).size
    const all = document.createRange()
    all.selectNodeContents(el)
    const head = document.createRange()
    head.setStart(el, 0)
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    let left = count
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const length = node.textContent?.length ?? 0
      if (left <= length) {
        head.setEnd(node, left)
        break
      }
      left -= length
    }
    return { all: lines(all), upToAt: lines(head) }
  }, count)
}

/** The applicant's entry in whichever layout the page shows: a table row or a list item. */
function applicantEntry(page: Page, name: string): Locator {
  return page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: name })
}

test.describe('lists on a phone', () => {
  test.beforeAll(async ({ request }) => {
    const round = await juryAndActiveRound(request, judge, roundName)
    const token = await registeredApplicantToken(request, student)
    await submitRepository(request, token, round.id, `https://github.com/phone/${stamp}`)
    registrationId = (await findApplicant(request, student.email)).registrationId
  })

  test('an admin sees each applicant’s status, Edit and Delete on a 375 px phone', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    await page.setViewportSize(PHONE)
    await page.goto('/applicants')
    await page.getByLabel('Search applicants').fill(student.email)
    const entry = applicantEntry(page, student.name)
    await expect(entry).toHaveCount(1)
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()

    await expectOnScreen(entry.getByText('Submitted', { exact: true }))
    await expectOnScreen(entry.getByText(registrationId, { exact: true }))
    await expectOnScreen(entry.getByText(student.collegeName))
    for (const action of ['Rounds for', 'Edit', 'Delete']) {
      await expectOnScreen(page.getByRole('button', { name: `${action} ${student.name}` }))
    }
    expect(await scrollsSideways(page)).toBe(false)
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: `Edit ${student.name}` }).click()
    await expect(page.getByRole('dialog', { name: 'Edit Applicant' })).toBeVisible()
  })

  test('a jury member sees Select beside the status on a 375 px phone', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await signInStaff(page, judge.email, judge.password)
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
    await page.goto('/applicants')
    await page.getByLabel('Search applicants').fill(student.email)
    const entry = applicantEntry(page, student.name)
    await expect(entry).toHaveCount(1)
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()

    await expectOnScreen(entry.getByText('Submitted', { exact: true }))
    await expectOnScreen(page.getByRole('button', { name: `Select ${student.name}` }))
    expect(await scrollsSideways(page)).toBe(false)
    await expectNoAxeViolations(page)
  })

  test('the staff list reads on a 375 px phone: whole emails, status and actions in sight', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    await page.setViewportSize(PHONE)
    await page.goto('/settings')
    const staff = page.getByRole('list', { name: 'Staff accounts' })
    const email = staff.getByText(judge.email, { exact: true })
    await expectOnScreen(email)
    // Not a few letters a line: at most two lines, the name and its @ whole on the first.
    const lines = await linesOf(email, judge.email.indexOf('@') + 1)
    expect(lines.all).toBeLessThanOrEqual(2)
    expect(lines.upToAt).toBe(1)

    const entry = staff.getByRole('listitem').filter({ hasText: judge.email })
    await expectOnScreen(entry.getByText('Active', { exact: true }))
    await expectOnScreen(page.getByRole('button', { name: `Reset password for ${judge.name}` }))
    await expectOnScreen(page.getByRole('button', { name: `Deactivate ${judge.name}` }))
    await expectOnScreen(page.getByRole('button', { name: `Edit affiliation for ${judge.name}` }))
    expect(await scrollsSideways(page)).toBe(false)
    await expectNoAxeViolations(page)
  })

  test('the delivery log shows each email’s status on a 375 px phone', async ({ page }) => {
    await signInAsAdmin(page)
    await page.setViewportSize(PHONE)
    await page.goto('/settings')
    const entry = page
      .getByRole('list', { name: 'Delivery log' })
      .getByRole('listitem')
      .filter({ hasText: student.email })
      .first()
    await expectOnScreen(entry)
    await expectOnScreen(entry.getByText(student.email))
    await expectOnScreen(entry.getByText(/^(Queued|Sending|Retrying|Sent|Failed|Skipped)$/).first())
    expect(await scrollsSideways(page)).toBe(false)
    await expectNoAxeViolations(page)
  })

  test('the delivery log shows every column on a 1280 px desktop', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInAsAdmin(page)
    await page.goto('/settings')
    const log = page.getByRole('region', { name: 'Delivery log' })
    await expect(log.getByRole('cell', { name: student.email }).first()).toBeVisible()

    const box = (await log.boundingBox())!
    const within = async (cell: Locator) => {
      const b = (await cell.boundingBox())!
      expect(b.x).toBeGreaterThanOrEqual(box.x)
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5)
    }
    const headers = log.getByRole('columnheader')
    await expect(headers.last()).toHaveText('Sent')
    await within(headers.last())
    await within(
      log.getByRole('row').filter({ hasText: student.email }).first().getByRole('cell').last(),
    )
    // Nothing hides to the right of the box.
    expect(await log.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
  })
})
