import { expect, test, type Page } from '@playwright/test'
import { firstAdmin, oidcIssuer } from '../playwright.config.js'
import { expectNoAxeViolations, scrollsSideways } from './axe.js'
import { changedAdminPassword, openFromMainMenu, signInStaff as signIn, toast } from './support.js'

const jury = { name: 'Jamie Jury', email: 'jamie.jury@example.org', password: '' }
const newAdminPassword = changedAdminPassword

async function menuItems(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()
}

async function openUserMenu(page: Page, email: string) {
  await page.getByRole('button', { name: new RegExp(email.replace('.', '\\.')) }).click()
}

test.describe.serial('staff accounts', () => {
  test('the first admin signs in, sees the admin menu, adds a jury member, changes the password, logs out and can sign in only with the new one', async ({
    page,
  }) => {
    await signIn(page, firstAdmin.email, firstAdmin.password)
    await expect(page).toHaveURL(/\/$/)
    await expect(
      page.getByRole('banner').getByText('Admin Dashboard', { exact: true }),
    ).toBeVisible()
    expect((await menuItems(page)).map((t) => t.trim())).toEqual([
      'Dashboard',
      'Applicants',
      'Competition Rounds',
      'Quick Actions',
      'Settings',
    ])
    await expectNoAxeViolations(page)

    await openFromMainMenu(page, 'Settings')
    await expect(page).toHaveURL(/\/settings$/)
    await page.getByRole('button', { name: 'Add staff member' }).click()
    const addDialog = page.getByRole('dialog', { name: 'Add staff member' })
    await addDialog.getByLabel('Name').fill(jury.name)
    await addDialog.getByLabel('Email').fill(jury.email)
    await addDialog.getByLabel('Role').selectOption({ label: 'Jury' })
    await addDialog.getByRole('button', { name: 'Add staff member' }).click()
    const shown = page.getByRole('dialog', { name: 'Staff member added' })
    jury.password = await shown.getByLabel('Temporary password').inputValue()
    expect(jury.password).toMatch(/^[A-Za-z0-9_-]{16}$/)
    await expectNoAxeViolations(page)
    await shown.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByRole('cell', { name: jury.email })).toBeVisible()

    await openUserMenu(page, firstAdmin.email)
    await page.getByRole('menuitem', { name: 'Change Password' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change Password' })
    await dialog.getByLabel('Current Password').fill(firstAdmin.password)
    await dialog.getByLabel('New Password', { exact: true }).fill(newAdminPassword)
    await dialog.getByLabel('Confirm New Password').fill(newAdminPassword)
    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await expect(toast(page, 'Password changed successfully')).toBeVisible()
    await expect(dialog).toBeHidden()

    await openUserMenu(page, firstAdmin.email)
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await expect(page.getByRole('link', { name: 'Admin/Jury Login' })).toBeVisible()

    await signIn(page, firstAdmin.email, firstAdmin.password)
    await expect(page.getByText('Invalid email or password')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/login$/)
    await page.getByLabel('Password').fill(newAdminPassword)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(
      page.getByRole('banner').getByText('Admin Dashboard', { exact: true }),
    ).toBeVisible()
  })

  test('the jury member sees the jury menu, is refused (403) by an admin-only call, and has no admin pages', async ({
    page,
  }) => {
    await signIn(page, jury.email, jury.password)
    await expect(page.getByRole('banner').getByText('Jury Panel', { exact: true })).toBeVisible()
    expect((await menuItems(page)).map((t) => t.trim())).toEqual([
      'Dashboard',
      'Applicants',
      'Submissions',
    ])
    const staffCall = await page.request.get('/api/staff')
    expect(staffCall.status()).toBe(403)
    await page.goto('/settings')
    await expect(page.getByText('404 Page Not Found')).toBeVisible()
  })

  test('on a 375 px phone the signed-in menu opens from a button and the page fits the screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await signIn(page, jury.email, jury.password)
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
    expect(await scrollsSideways(page)).toBe(false)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Submissions' })).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('single sign-on completes against a real OpenID Connect provider, and refuses an unknown email', async ({
    page,
    request,
  }) => {
    await request.get(`${oidcIssuer}/__test/sign-in-as?email=${encodeURIComponent(jury.email)}`)
    await page.goto('/admin/login')
    await page.getByRole('link', { name: 'Sign in with Example SSO' }).click()
    await expect(page.getByRole('banner').getByText('Jury Panel', { exact: true })).toBeVisible()
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)

    await page.context().clearCookies()
    await request.get(`${oidcIssuer}/__test/sign-in-as?email=stranger%40example.org`)
    await page.goto('/admin/login')
    await page.getByRole('link', { name: 'Sign in with Example SSO' }).click()
    await expect(page.getByRole('heading', { name: 'Single sign-on refused' })).toBeVisible()
    await expect(
      page.getByText('There is no active staff account for stranger@example.org'),
    ).toBeVisible()
    await expectNoAxeViolations(page)
  })
})
