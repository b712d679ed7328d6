import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  EMAIL_SETTINGS_MESSAGES,
  emailLog,
  emailSettings,
  emailSettingsInput,
  messageResponse,
} from '@hackathon/contract'
import { z } from 'zod'
import { requireRole, staffActor } from '../../plugins/auth.js'
import type { EmailServiceApi } from './email.service.js'

export const emailRoutes: FastifyPluginAsyncZod<{ email: EmailServiceApi }> = async (
  app,
  { email },
) => {
  const tags = ['email']
  const adminOnly = requireRole('admin')

  app.get(
    '/api/admin/email-settings',
    {
      schema: {
        tags,
        summary: 'The email settings (the password only as "set")',
        response: { 200: emailSettings },
      },
      onRequest: adminOnly,
    },
    async () => email.getSettings(),
  )

  app.post(
    '/api/admin/email-settings',
    {
      schema: {
        tags,
        summary: 'Save the email settings',
        body: emailSettingsInput,
        response: { 200: messageResponse },
      },
      onRequest: adminOnly,
    },
    async (request) => {
      await email.saveSettings(request.body)
      return { message: EMAIL_SETTINGS_MESSAGES.saved }
    },
  )

  app.post(
    '/api/admin/test-email',
    {
      schema: {
        tags,
        summary: 'Log in to the SMTP server and send a test message to yourself',
        body: z.object({}).optional(),
        response: { 200: messageResponse },
      },
      onRequest: adminOnly,
    },
    async (request) => {
      await email.sendTest(staffActor(request).email)
      return { message: EMAIL_SETTINGS_MESSAGES.testOk }
    },
  )

  app.get(
    '/api/admin/email-log',
    {
      schema: {
        tags,
        summary: 'The latest emails and their delivery state',
        response: { 200: emailLog },
      },
      onRequest: adminOnly,
    },
    async () => ({ messages: await email.log() }),
  )
}
