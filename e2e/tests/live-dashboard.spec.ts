import { test } from '@playwright/test'
import { baseURL } from '../playwright.config.js'
import { expectLiveRegistration } from './live-support.js'
import { signInAsAdmin } from './support.js'

test('the admin dashboard shows a registration made elsewhere within two seconds, without a reload', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page)
  await page.goto('/')
  await expectLiveRegistration(page, request, baseURL)
})
