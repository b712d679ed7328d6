import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, scrollsSideways } from './axe.js'

test.describe('landing page', () => {
  test('a visitor sees the promise, the four feature cards and the four-stage journey', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Admin/Jury Login' })).toHaveAttribute(
      'href',
      '/admin/login',
    )
    await expect(page.getByRole('link', { name: 'Applicant Login' })).toHaveAttribute(
      'href',
      '/applicant/login',
    )
    await expect(page.getByRole('link', { name: 'Register as Participant' })).toHaveAttribute(
      'href',
      '/register',
    )
    for (const card of [
      'Multi-Role Access',
      'Event Management',
      'GitHub Integration',
      'Real-time Tracking',
    ]) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible()
    }
    const journey = page.getByRole('list').filter({ hasText: 'Ideation' })
    await expect(journey.getByRole('listitem')).toHaveCount(4)
    for (const stage of ['Ideation', 'Prototype Submission', 'Project Submission', 'Actual Hack']) {
      await expect(journey.getByText(stage, { exact: true })).toBeVisible()
    }
    await expectNoAxeViolations(page)
  })

  test('on a 375 px wide phone the page fits the screen and has no accessibility violations', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Register as Participant' })).toBeVisible()
    expect(await scrollsSideways(page)).toBe(false)
    await expectNoAxeViolations(page)
  })

  test('a keyboard user reaches the sign-in links with Tab and follows one with Enter', async ({
    page,
  }) => {
    await page.goto('/')
    const target = page.getByRole('link', { name: 'Register as Participant' })
    for (
      let i = 0;
      i < 15 && !(await target.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab')
    }
    await expect(target).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/register$/)
  })

  test('an unknown path shows the not-found page, also when loaded directly from the server', async ({
    page,
  }) => {
    await page.goto('/no/such/page')
    await expect(page.getByText('404 Page Not Found')).toBeVisible()
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
    await expectNoAxeViolations(page)
  })
})

test('the API documents itself at /api/docs', async ({ request }) => {
  const res = await request.get('/api/docs')
  expect(res.status()).toBe(200)
  expect((await res.json()).openapi).toBe('3.1.0')
})
