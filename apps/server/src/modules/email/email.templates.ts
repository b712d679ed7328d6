import type { EmailTemplate } from '@hackathon/contract'
import { countOf, looksLikeLink } from '@hackathon/contract'
import { escapeHtml } from '../../lib/html.js'

export interface TemplateContext {
  eventName: string
  publicUrl: string
}

/** What each template needs; every value is user-supplied or derived from it, so all are escaped. */
export interface TemplateData {
  'registration-confirmation': { name: string; registrationId: string }
  'one-time-code': { name: string; code: string; minutes: number }
  'selection-notice': { name: string; confirmUrl: string; validDays: number }
  'submission-receipt': { name: string; stageName: string; githubUrl: string; submittedAt: string }
  'staff-invitation': { name: string; role: 'admin' | 'jury'; temporaryPassword?: string }
}

export interface RenderedEmail {
  subject: string
  html: string
  text: string
}

interface Body {
  subject: string
  /**
   * Paragraphs; each is escaped. One that differs between the HTML and the plain text (which has
   * no button, issue 22) gives both.
   */
  paragraphs: (string | { html: string; text: string })[]
  /** A highlighted value (a code, an id), escaped. */
  highlight?: { label: string; value: string }
  action?: { label: string; href: string }
}

/**
 * Emails go to any address typed at registration, so the only visitor text they quote is the
 * recipient's name, and not even that when it looks like a link: names refuse links since issue
 * 20, and one kept from before is left out (docs/product/registration.md#names).
 */
const greeting = (name: string) => (looksLikeLink(name) ? 'Hi,' : `Hi ${name},`)

const BODIES: { [T in EmailTemplate]: (data: TemplateData[T], ctx: TemplateContext) => Body } = {
  'registration-confirmation': (d, ctx) => ({
    subject: `Your registration for ${ctx.eventName}`,
    paragraphs: [
      greeting(d.name),
      `thank you for registering for ${ctx.eventName}. Keep your registration ID: you will need it when you contact the organizers.`,
      'To follow your application and submit your work, sign in with your email address or mobile number; we will send you a one-time code.',
    ],
    highlight: { label: 'Registration ID', value: d.registrationId },
    action: { label: 'Go to your dashboard', href: `${ctx.publicUrl}/applicant/login` },
  }),
  'one-time-code': (d, ctx) => ({
    subject: `${d.code} is your ${ctx.eventName} sign-in code`,
    paragraphs: [
      greeting(d.name),
      `use this code to sign in to ${ctx.eventName}. It works once and expires in ${countOf(d.minutes, 'minute', 'minutes')}.`,
      'If you did not ask for it, ignore this email: nobody can sign in without the code.',
    ],
    highlight: { label: 'Your code', value: d.code },
  }),
  'selection-notice': (d, ctx) => ({
    subject: `You have been selected for ${ctx.eventName}`,
    paragraphs: [
      greeting(d.name),
      `congratulations: the jury of ${ctx.eventName} has selected you for the next stage.`,
      {
        html: `Please confirm your participation with the button below within ${countOf(d.validDays, 'day', 'days')}. The link works once.`,
        text: `Please confirm your participation with the link below within ${countOf(d.validDays, 'day', 'days')}. The link works once.`,
      },
    ],
    action: { label: 'Confirm participation', href: d.confirmUrl },
  }),
  'submission-receipt': (d, ctx) => ({
    subject: `We received your submission for ${d.stageName}`,
    paragraphs: [
      greeting(d.name),
      `your submission for ${d.stageName} of ${ctx.eventName} was recorded at ${d.submittedAt}.`,
      // Typed by the signed-in applicant, not an anonymous visitor, and only a GitHub repository's
      // address (the contract's pattern), to their own address (docs/security.md, issue 20 item 12).
      `Repository: ${d.githubUrl}`,
      'You can resubmit until the stage closes; the last submission before the deadline counts.',
    ],
    action: { label: 'See your submissions', href: `${ctx.publicUrl}/applicant/submissions` },
  }),
  'staff-invitation': (d, ctx) => ({
    subject: `You have been added to ${ctx.eventName} as ${d.role === 'admin' ? 'an organizer' : 'a jury member'}`,
    paragraphs: [
      greeting(d.name),
      `you now have ${d.role === 'admin' ? 'an organizer' : 'a jury'} account on ${ctx.eventName}.`,
      d.temporaryPassword
        ? 'Sign in with this email address and the temporary password below, then change it from the user menu.'
        : 'Sign in with this email address and the password your organizer gave you, or with single sign-on if it is offered.',
    ],
    ...(d.temporaryPassword
      ? { highlight: { label: 'Temporary password', value: d.temporaryPassword } }
      : {}),
    action: { label: 'Sign in', href: `${ctx.publicUrl}/admin/login` },
  }),
}

/** Renders a template as HTML and plain text, with the event's name and public address in each. */
export function renderEmail<T extends EmailTemplate>(
  template: T,
  data: TemplateData[T],
  ctx: TemplateContext,
): RenderedEmail {
  const body = BODIES[template](data, ctx)
  const e = escapeHtml
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(body.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px">
<tr><td style="padding:24px 28px;border-bottom:1px solid #e2e8f0;font-size:18px;font-weight:bold">${e(ctx.eventName)}</td></tr>
<tr><td style="padding:24px 28px;font-size:15px;line-height:1.6">
${body.paragraphs.map((p) => `<p style="margin:0 0 14px">${e(typeof p === 'string' ? p : p.html)}</p>`).join('\n')}
${body.highlight ? `<p style="margin:18px 0;font-size:13px;color:#475569">${e(body.highlight.label)}</p><p style="margin:0 0 18px;font-size:24px;font-weight:bold;letter-spacing:2px;font-family:monospace">${e(body.highlight.value)}</p>` : ''}
${body.action ? `<p style="margin:22px 0"><a href="${e(body.action.href)}" style="background:#4338ca;color:#ffffff;padding:12px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${e(body.action.label)}</a></p><p style="margin:0;font-size:12px;color:#64748b">Or open ${e(body.action.href)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">${e(ctx.eventName)} · <a href="${e(ctx.publicUrl)}" style="color:#64748b">${e(ctx.publicUrl)}</a></td></tr>
</table></td></tr></table></body></html>`
  const text = [
    ...body.paragraphs.map((p) => (typeof p === 'string' ? p : p.text)),
    ...(body.highlight ? ['', `${body.highlight.label}: ${body.highlight.value}`] : []),
    ...(body.action ? ['', `${body.action.label}: ${body.action.href}`] : []),
    '',
    '--',
    `${ctx.eventName} · ${ctx.publicUrl}`,
  ].join('\n')
  return { subject: body.subject.replace(/[\r\n]+/g, ' '), html, text }
}

/** Sign-in codes and staff invitations are needed to use the platform at all: they go out even when notifications are off. */
export const ESSENTIAL_TEMPLATES: ReadonlySet<EmailTemplate> = new Set([
  'one-time-code',
  'staff-invitation',
])
