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

const SYSTEM_CODES_UNREACHABLE = new Set([
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EPIPE',
  'ECONNABORTED',
])

/**
 * What went wrong, in words an organizer can act on: one of a few fixed sentences, naming only the
 * host and port the admin typed. What the remote server said (its banner, its error text) is read
 * to choose the sentence and never repeated: an admin could otherwise point the test at any host
 * and port inside the network and read what answers there (docs/security.md). Only an SMTP reply
 * code, a number, is passed on. Never a stack, never the password.
 */
export function describeSmtpError(
  error: unknown,
  smtp: Pick<SmtpSettings, 'host' | 'port'>,
): string {
  const err = (error ?? {}) as {
    code?: string
    originalCode?: string
    message?: string
    responseCode?: number
  }
  const where = `${smtp.host}:${smtp.port}`
  const text = String(err.message ?? error)
  const reach = 'check the host and port, and that this server may reach it.'
  const code = err.code ?? ''
  const systemCode = err.originalCode ?? code
  const replyCode =
    Number.isInteger(err.responseCode) && err.responseCode! >= 400 && err.responseCode! < 600
      ? err.responseCode
      : undefined

  if (code === 'EAUTH' || replyCode === 535 || replyCode === 534)
    return 'The SMTP server refused the login: check the email address and the password (for Gmail, an App Password).'
  if (
    code === 'EDNS' ||
    /^(ENOTFOUND|EAI_AGAIN)$/.test(systemCode) ||
    /ENOTFOUND|EAI_AGAIN/.test(text)
  )
    return `SMTP host not found: ${smtp.host}`
  if (code === 'EPROTOCOL')
    return `The server at ${where} did not answer as an SMTP server: check the host and port.`
  if (code === 'ETLS' || /TLS|SSL|certificate|wrong version number/i.test(text))
    return `Could not start TLS with the SMTP server at ${where}: port 465 expects SSL, 587 STARTTLS.`
  if (systemCode === 'ECONNREFUSED' || /ECONNREFUSED/.test(text))
    return `The SMTP server at ${where} refused the connection: check the host and port.`
  if (code === 'ETIMEDOUT' || systemCode === 'ETIMEDOUT' || /timeout|timed out/i.test(text))
    return `Timed out talking to the SMTP server at ${where}: ${reach}`
  if (code === 'EENVELOPE' || code === 'EMESSAGE' || replyCode)
    return `The SMTP server refused the message${replyCode ? ` (reply code ${replyCode})` : ''}: check the sender address and that this account may send from it.`
  if (code === 'ECONNECTION' || code === 'ESOCKET' || SYSTEM_CODES_UNREACHABLE.has(systemCode))
    return `Could not connect to the SMTP server at ${where}: ${reach}`
  return `The email could not be sent: the SMTP server at ${where} gave an unexpected answer.`
}
