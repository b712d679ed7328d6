import nodemailer from 'nodemailer'
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js'
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js'

export interface SmtpSettings {
  host: string
  port: number
  user: string
  password: string
  /** The preset provider needs STARTTLS; a custom server may do without (a relay on localhost). */
  requireTls: boolean
}

export function createSmtpTransport(smtp: SmtpSettings, { pooled = false } = {}) {
  if (pooled)
    return nodemailer.createTransport({
      ...transportOptions(smtp),
      pool: true,
      maxConnections: 5,
    } satisfies SMTPPool.Options)
  return nodemailer.createTransport(transportOptions(smtp))
}

function transportOptions(smtp: SmtpSettings): SMTPTransport.Options {
  return {
    host: smtp.host,
    port: smtp.port,
    // 465 speaks TLS from the first byte; 587 and others upgrade with STARTTLS when offered.
    secure: smtp.port === 465,
    requireTLS: smtp.requireTls,
    auth: smtp.user || smtp.password ? { user: smtp.user, pass: smtp.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  }
}

/**
 * What went wrong, in words an organizer can act on: never a stack, never the password.
 */
export function describeSmtpError(
  error: unknown,
  smtp: Pick<SmtpSettings, 'host' | 'port'>,
): string {
  const err = error as { code?: string; message?: string; responseCode?: number }
  const where = `${smtp.host}:${smtp.port}`
  const message = (err.message ?? String(error)).replace(/\s+/g, ' ').slice(0, 300)
  if (err.code === 'EAUTH' || err.responseCode === 535) {
    return 'The SMTP server refused the login: check the email address and the password (for Gmail, an App Password).'
  }
  if (err.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(message))
    return `SMTP host not found: ${smtp.host}`
  if (/ECONNREFUSED/.test(message))
    return `The SMTP server at ${where} refused the connection: check the host and port.`
  if (err.code === 'ETIMEDOUT' || /timeout|timed out/i.test(message)) {
    return `Timed out talking to the SMTP server at ${where}: check the host and port, and that this server may reach it.`
  }
  if (err.code === 'ETLS' || /TLS|SSL|certificate|wrong version number/i.test(message)) {
    return `TLS error with ${where}: ${message}. Port 465 expects SSL, 587 STARTTLS.`
  }
  return `The email could not be sent: ${message}`
}
