import { expect, test } from '@playwright/test'
import { firstAdmin, smtp } from '../playwright.config.js'
import { expectNoAxeViolations } from './axe.js'
import { signInAsAdmin, toast } from './support.js'

test('an admin configures email on /settings, tests the connection, and sees the status and delivery log', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page)
  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Email Service Configuration' })).toBeVisible()
  await expect(page.getByRole('switch', { name: 'Enable Email Notifications' })).toBeChecked()

  // The preset fills and locks host and port; Custom clears and unlocks them.
  await page.getByRole('radio', { name: /Gmail/ }).check()
  await expect(page.getByLabel('SMTP Host')).toHaveValue('smtp.gmail.com')
  await expect(page.getByLabel('SMTP Port')).toHaveValue('587')
  await expect(page.getByLabel('SMTP Host')).not.toBeEditable()
  await page.getByRole('radio', { name: 'Custom SMTP Server' }).check()
  await expect(page.getByLabel('SMTP Host')).toHaveValue('')
  await expect(page.getByLabel('SMTP Host')).toBeEditable()

  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('SMTP host is required')).toBeVisible()

  await page.getByLabel('SMTP Host').fill('127.0.0.1')
  await page.getByLabel('SMTP Port').fill(String(smtp.port))
  await page.getByLabel('Email Address', { exact: true }).fill(smtp.user)
  await page.getByLabel('Password', { exact: true }).fill('not-the-password')
  await page.getByLabel('Sender Email Address').fill('journey@example.org')
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(toast(page, 'Email Settings Updated')).toBeVisible()
  await expect(page.getByText('Configured', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Test Connection' }).click()
  await expect(toast(page, 'Email Test Failed')).toBeVisible()
  await expect(page.getByText(/refused the login/).first()).toBeVisible()

  await page.getByLabel('Password', { exact: true }).fill(smtp.password)
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(toast(page, 'Email Settings Updated')).toBeVisible()
  await page.getByRole('button', { name: 'Test Connection' }).click()
  await expect(toast(page, 'Email Test Successful')).toBeVisible()
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${smtp.inbox}?to=${firstAdmin.email}`)).json()) as unknown[])
          .length,
    )
    .toBeGreaterThan(0)
  await expectNoAxeViolations(page)

  // Adding a staff member queues an invitation; it shows in the delivery log once sent.
  await page.getByRole('button', { name: 'Add staff member' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add staff member' })
  await dialog.getByLabel('Name').fill('Invited Judge')
  await dialog.getByLabel('Email').fill('invited.judge@example.org')
  await dialog.getByRole('button', { name: 'Add staff member' }).click()
  await page
    .getByRole('dialog', { name: 'Staff member added' })
    .getByRole('button', { name: 'Done' })
    .click()
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`${smtp.inbox}?to=invited.judge@example.org`)
          ).json()) as unknown[]
        ).length,
    )
    .toBe(1)
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(
    page
      .getByRole('region', { name: 'Delivery log' })
      .getByRole('cell', { name: 'invited.judge@example.org' }),
  ).toBeVisible()
})
