import { z } from 'zod'
import { MAX, isoDateTime } from './common.js'

export const EMAIL_SERVICES = ['gmail', 'custom'] as const
export type EmailService = (typeof EMAIL_SERVICES)[number]

/** The recommended provider preset (docs/product/email.md#settings): host and port are fixed. */
export const GMAIL_PRESET = { host: 'smtp.gmail.com', port: '587' } as const

/**
 * Settings with the preset's host and port when a preset is chosen, whatever was sent or stored
 * before: the server saves, shows and sends with these (issue 22), so the locked fields the page
 * shows are where mail goes.
 */
export function withPreset<
  T extends { emailService: EmailService; emailHost: string; emailPort: string },
>(settings: T): T {
  return settings.emailService === 'gmail'
    ? { ...settings, emailHost: GMAIL_PRESET.host, emailPort: GMAIL_PRESET.port }
    : settings
}

export const EMAIL_SETTINGS_MESSAGES = {
  hostRequired: 'SMTP host is required',
  portRequired: 'SMTP port is required',
  portInvalid: 'SMTP port must be a number from 1 to 65535',
  userInvalid: 'Valid email address required',
  passwordRequired: 'Password is required',
  passwordForNewServer:
    'Enter the password for this server: a saved password is only used with the host, port and email address it was saved for.',
  senderInvalid: 'Valid sender email required',
  saved: 'Your email configuration has been saved successfully.',
  testOk: 'Email service is configured correctly.',
} as const

const isEmail = (value: string) => z.email().safeParse(value).success

/**
 * POST /api/admin/email-settings. `emailPass` may be left empty to keep the stored password. With
 * emails disabled nothing else is required, so an organizer can switch them off without a server.
 */
export const emailSettingsInput = z
  .object({
    enableEmails: z.boolean().default(true),
    emailService: z.enum(EMAIL_SERVICES).default('gmail'),
    emailHost: z.string().trim().max(253, 'SMTP host is too long').default(''),
    emailPort: z.string().trim().max(5, EMAIL_SETTINGS_MESSAGES.portInvalid).default(''),
    emailUser: z.string().trim().max(MAX.email, 'Email address is too long').default(''),
    emailPass: z.string().max(MAX.password, 'Password is too long').default(''),
    fromEmail: z.string().trim().max(MAX.email, 'Email address is too long').default(''),
  })
  .superRefine((input, ctx) => {
    if (!input.enableEmails) return
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message })
    if (!input.emailHost) problem('emailHost', EMAIL_SETTINGS_MESSAGES.hostRequired)
    if (!input.emailPort) problem('emailPort', EMAIL_SETTINGS_MESSAGES.portRequired)
    else if (
      !/^\d+$/.test(input.emailPort) ||
      Number(input.emailPort) < 1 ||
      Number(input.emailPort) > 65535
    ) {
      problem('emailPort', EMAIL_SETTINGS_MESSAGES.portInvalid)
    }
    if (!isEmail(input.emailUser)) problem('emailUser', EMAIL_SETTINGS_MESSAGES.userInvalid)
    if (!isEmail(input.fromEmail)) problem('fromEmail', EMAIL_SETTINGS_MESSAGES.senderInvalid)
  })
  .transform(withPreset)
  .meta({ id: 'EmailSettingsChange' })
export type EmailSettingsInput = z.input<typeof emailSettingsInput>

/**
 * Whether two settings name the same SMTP account (host without case, port as a number, user as
 * typed): a saved password is kept, and used, only for the account it was saved for.
 */
export const sameSmtpAccount = (
  a: { emailHost: string; emailPort: string; emailUser: string },
  b: { emailHost: string; emailPort: string; emailUser: string },
) =>
  a.emailHost.trim().toLowerCase() === b.emailHost.trim().toLowerCase() &&
  Number(a.emailPort) === Number(b.emailPort) &&
  a.emailUser.trim() === b.emailUser.trim()

/**
 * GET /api/admin/email-settings. The SMTP password never leaves the server: `emailPass` is always
 * empty and `passwordSet` says whether one is stored.
 */
export const emailSettings = z
  .object({
    enableEmails: z.boolean(),
    emailService: z.enum(EMAIL_SERVICES),
    emailHost: z.string(),
    emailPort: z.string(),
    emailUser: z.string(),
    emailPass: z.literal(''),
    passwordSet: z.boolean(),
    fromEmail: z.string(),
  })
  .meta({ id: 'EmailSettings' })
export type EmailSettings = z.infer<typeof emailSettings>

export const EMAIL_TEMPLATES = [
  'registration-confirmation',
  'one-time-code',
  'selection-notice',
  'submission-receipt',
  'staff-invitation',
] as const
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number]

export const EMAIL_STATUSES = [
  'queued',
  'sending',
  'retrying',
  'sent',
  'failed',
  'skipped',
] as const
export type EmailStatus = (typeof EMAIL_STATUSES)[number]

export const emailLogEntry = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    template: z.enum(EMAIL_TEMPLATES),
    status: z.enum(EMAIL_STATUSES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: isoDateTime,
    sentAt: isoDateTime.nullable(),
  })
  .meta({ id: 'EmailLogEntry' })
export type EmailLogEntry = z.infer<typeof emailLogEntry>

/** GET /api/admin/email-log: the latest messages, newest first. */
export const emailLog = z.object({ messages: z.array(emailLogEntry) }).meta({ id: 'EmailLog' })
export type EmailLog = z.infer<typeof emailLog>
