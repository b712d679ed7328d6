import { expect, test, type Page, type Response } from '@playwright/test'
import { ROUTE_TABLE, type Audience } from '../../apps/web/src/app/route-table.js'
import { baseURL } from '../playwright.config.js'
import { expectNoAxeViolations, scrollsSideways } from './axe.js'
import {
  addJudge,
  adminApi,
  configureEmail,
  createActiveRound,
  registeredApplicantToken,
  signInAsAdmin,
  signInStaff,
} from './support.js'

/**
 * Issue 13: every page of the web app's own route table, for each audience that can reach it,
 * loaded from the server in chromium on a 375 px wide phone: the security headers are on the
 * document, the browser reports no Content-Security-Policy violation while the page runs (so the
 * policy is both strict and livable), the page fits the screen and axe finds nothing.
 */

const judge = {
  email: `every.page.judge.${Date.now()}@example.org`,
  name: 'Every Page Judge',
  password: 'every-page-judge-password',
}
const student = {
  name: 'Every Page Student',
  email: `every.page.${Date.now()}@college.example`,
  // Each journey file has its own first two digits (rounds-submissions has 97).
  mobile: `92${String(Date.now()).slice(-8)}`,
  studentId: 'EP-1',
  course: 'Computer Science Engineering',
  yearOfGraduation: '2027',
  collegeName: 'Every Page College',
}

/** The headers issue 13 asks of every page; fails with all the ones that are wrong. */
function expectSecurityHeaders(path: string, response: Response | null): void {
  expect(response, `${path} loaded`).not.toBeNull()
  const headers = response!.headers()
  const csp = headers['content-security-policy'] ?? ''
  const scriptSrc = /(?:^|;)\s*script-src([^;]*)/.exec(csp)?.[1] ?? ''
  expect(
    {
      status: response!.status(),
      scriptSrcSelfOnly: scriptSrc.trim() === "'self'",
      frameAncestors: /frame-ancestors 'none'/.test(csp),
      objectSrc: /object-src 'none'/.test(csp),
      xFrameOptions: headers['x-frame-options'],
      nosniff: headers['x-content-type-options'],
      referrerPolicy: headers['referrer-policy'],
    },
    path,
  ).toEqual({
    status: 200,
    scriptSrcSelfOnly: true,
    frameAncestors: true,
    objectSrc: true,
    xFrameOptions: 'SAMEORIGIN',
    nosniff: 'nosniff',
    referrerPolicy: 'no-referrer',
  })
}

/** Records every CSP violation the browser reports, from before the page's first script. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations ?? [])
}

/** The paths of an audience's table, with real ids in place of the parameters. */
function pathsOf(audience: Audience, ids: { roundId: string }): string[] {
  return Object.keys(ROUTE_TABLE[audience]).map((pattern) =>
    pattern.replace(':stageId', ids.roundId).replace(':id', ids.roundId),
  )
}

async function visitEvery(page: Page, paths: string[]): Promise<void> {
  const violations = await watchCsp(page)
  await page.setViewportSize({ width: 375, height: 800 })
  for (const path of paths) {
    await test.step(path, async () => {
      const response = await page.goto(path)
      expectSecurityHeaders(path, response)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      // Let the page's own requests settle before judging it (live pages keep a stream open).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      expect(await violations(), `CSP violations on ${path}`).toEqual([])
      expect(await scrollsSideways(page), `${path} scrolls sideways at 375 px`).toBe(false)
      await expectNoAxeViolations(page)
    })
  }
}

test.describe('every page of the route table', () => {
  // The admin walk has 21 pages, each checked by axe at 375 px: minutes on a busy machine.
  test.describe.configure({ timeout: 300_000 })
  let roundId = ''
  let applicantToken = ''

  test.beforeAll(async ({ request }) => {
    await configureEmail(request)
    await adminApi(request)
    roundId = (await createActiveRound(request, `Every page round ${Date.now()}`, 3_600_000)).id
    await addJudge(request, judge)
    applicantToken = await registeredApplicantToken(request, student)
  })

  test('signed out, and the applicant pages with an applicant signed in', async ({ page }) => {
    const signedOut = pathsOf('signedOut', { roundId })
    const applicantPages = signedOut.filter(
      (p) => p.startsWith('/applicant/') && !p.endsWith('/login'),
    )
    await visitEvery(page, [
      ...signedOut.filter((p) => !applicantPages.includes(p)),
      '/no-such-page',
    ])
    await page.evaluate(
      (token) => localStorage.setItem('applicantSessionToken', token),
      applicantToken,
    )
    await visitEvery(page, applicantPages)
  })

  // Issue 22: an applicant signed in with a code is named by the user call, so their pages
  // (and / and /my-submissions) come with the applicant sidebar (decision 025).
  test('as an applicant signed in with a code, with the applicant sidebar', async ({ page }) => {
    await page.goto('/applicant/login')
    await page.evaluate(
      (token) => localStorage.setItem('applicantSessionToken', token),
      applicantToken,
    )
    await visitEvery(page, pathsOf('applicant', { roundId }))
    await page.setViewportSize({ width: 1280, height: 800 })
    for (const path of ['/', '/my-submissions', '/applicant/dashboard', '/applicant/submissions']) {
      await test.step(`${path} has the applicant sidebar`, async () => {
        await page.goto(path)
        const menu = page.getByRole('navigation', { name: 'Main' })
        await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'My Submissions'])
        await expect(page.getByText('Participant Portal', { exact: true }).first()).toBeVisible()
      })
    }
  })

  test('as an admin', async ({ page }) => {
    await signInAsAdmin(page)
    await visitEvery(page, pathsOf('admin', { roundId }))
  })

  test('as a jury member', async ({ page }) => {
    await signInStaff(page, judge.email, judge.password)
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 15_000 })
    await visitEvery(page, pathsOf('jury', { roundId }))
  })

  test('the API and the static files carry the headers too', async ({ request }) => {
    const shell = await request.get(`${baseURL}/`)
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await shell.text())?.[1]
    expect(asset).toBeTruthy()
    for (const path of [asset!, '/api/health', '/api/no-such-route', '/api/auth/user']) {
      const res = await request.get(`${baseURL}${path}`)
      expect(
        {
          nosniff: res.headers()['x-content-type-options'],
          frames: res.headers()['x-frame-options'],
        },
        path,
      ).toEqual({ nosniff: 'nosniff', frames: 'SAMEORIGIN' })
    }
  })
})
