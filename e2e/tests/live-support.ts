import { expect, type APIRequestContext, type Page } from '@playwright/test'

/** A registration made through the API, as another visitor's browser would make it. */
export async function registerSomeone(request: APIRequestContext, origin: string, name: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`
  const res = await request.post(`${origin}/api/register`, {
    data: {
      name,
      email: `live.${stamp}@college.example`,
      mobile: `95${stamp.slice(-8)}`,
      studentId: 'LIVE-1',
      course: 'Computer Science Engineering',
      yearOfGraduation: '2027',
      collegeName: 'Live Dashboard College',
      linkedinProfile: '',
    },
  })
  expect(res.status()).toBe(201)
}

/** The registrations chart's caption: 'N registrations in the last 30 days; ...'. */
export async function registrationsShown(page: Page): Promise<number> {
  const caption = page.getByText(/registrations? in the last 30 days|No registrations in the last/)
  const text = (await caption.textContent()) ?? ''
  const match = /^([\d,]+) registrations?/.exec(text)
  return match ? Number(match[1]!.replaceAll(',', '')) : 0
}

/**
 * The dashboard is open; a registration happens elsewhere; within two seconds, without a reload
 * or polling, it shows in Recent Activity and in the registration count.
 */
export async function expectLiveRegistration(
  page: Page,
  request: APIRequestContext,
  origin: string,
): Promise<void> {
  const activity = page.getByRole('region', { name: 'Recent Activity' })
  await expect(activity).toBeVisible()
  await expect(page.getByText(/in the last 30 days/)).toBeVisible()
  const before = await registrationsShown(page)
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true))
  const requests: string[] = []
  page.on('request', (r) => requests.push(new URL(r.url()).pathname))

  const name = `Live Visitor ${Date.now()}`
  const started = Date.now()
  await registerSomeone(request, origin, name)
  await expect(activity.getByText(name)).toBeVisible({ timeout: 2000 })
  await expect.poll(() => registrationsShown(page), { timeout: 2000 }).toBe(before + 1)
  expect(Date.now() - started).toBeLessThan(2500)
  // No reload: the page's own state survived. No polling: the refetches followed the event.
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  )
  expect(requests.filter((p) => p === '/api/recent-activity').length).toBeLessThanOrEqual(2)
}
