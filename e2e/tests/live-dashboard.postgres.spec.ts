import { expect, test } from '@playwright/test'
import { firstAdmin, instances } from '../playwright.config.js'
import { expectLiveRegistration } from './live-support.js'

// Runs when a PostgreSQL server is reachable (scripts/test.mjs): two app instances on one
// database; the dashboard is open on the second while the registration goes to the first.
test('a registration made on one instance shows on the dashboard open on another within two seconds', async ({
  page,
  request,
}) => {
  const [first, second] = instances
  await page.goto(`${second}/admin/login`)
  await page.getByLabel('Email').fill(firstAdmin.email)
  await page.getByLabel('Password').fill(firstAdmin.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  expect(new URL(page.url()).origin).toBe(second)
  await expectLiveRegistration(page, request, first)
})
