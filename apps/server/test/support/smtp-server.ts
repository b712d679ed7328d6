import type { AddressInfo } from 'node:net'
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'

export interface ReceivedEmail {
  from: string
  to: string[]
  subject: string
  html: string
  text: string
  /** The Message-ID header as it arrived, angle brackets included. */
  messageId: string
  /** When the whole message had arrived (Date.now()). */
  at: number
}

export interface TestSmtpServer {
  port: number
  user: string
  password: string
  received: ReceivedEmail[]
  /** Every login tried on this server, right or wrong: where a password was sent. */
  logins: { username: string; password: string }[]
  /** Resolves with the first message to `to` (waiting for it), or fails after `ms`. */
  waitFor(to: string, ms?: number): Promise<ReceivedEmail>
  /** The body of POST /api/admin/email-settings that points the platform at this server. */
  settings(overrides?: Record<string, unknown>): Record<string, unknown>
  /** Closes the listener (an outage); `start` brings it back on the same port. */
  stop(): Promise<void>
  start(): Promise<void>
}

/**
 * A real SMTP server on loopback (the smtp-server package) that requires a login and keeps
 * every message it accepts, parsed, so tests read what actually arrived.
 */
export async function startSmtpServer({
  user = 'mailer@example.org',
  password = 'smtp-password',
  port: fixedPort = 0,
  replyDelayMs = 0,
}: {
  user?: string
  password?: string
  port?: number
  /**
   * How long the server waits, with the whole message kept, before it answers 250: a slow server,
   * so that a message can be delivered while its sender has not heard so yet.
   */
  replyDelayMs?: number
} = {}): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = []
  const logins: { username: string; password: string }[] = []
  let server: SMTPServer | undefined
  let port = fixedPort

  const create = () =>
    new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username ?? '', password: auth.password ?? '' })
        if (auth.username === user && auth.password === password) return callback(null, { user })
        return callback(
          Object.assign(new Error('Invalid username or password'), { responseCode: 535 }),
        )
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', async () => {
          const parsed = await PostalMime.parse(Buffer.concat(chunks))
          received.push({
            from: parsed.from?.address ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            html: parsed.html ?? '',
            text: parsed.text ?? '',
            messageId: parsed.messageId ?? '',
            at: Date.now(),
          })
          if (replyDelayMs > 0) setTimeout(() => callback(), replyDelayMs)
          else callback()
        })
      },
    })

  const start = async () => {
    server = create()
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject)
      server!.listen(port, '127.0.0.1', () => resolve())
    })
    port = (server.server.address() as AddressInfo).port
  }
  await start()

  return {
    get port() {
      return port
    },
    user,
    password,
    received,
    logins,
    settings: (overrides = {}) => ({
      enableEmails: true,
      emailService: 'custom',
      emailHost: '127.0.0.1',
      emailPort: String(port),
      emailUser: user,
      emailPass: password,
      fromEmail: 'hackathon@example.org',
      ...overrides,
    }),
    async waitFor(to, ms = 20_000) {
      const started = Date.now()
      for (;;) {
        const found = received.find((m) => m.to.includes(to))
        if (found) return found
        if (Date.now() - started > ms) throw new Error(`no email to ${to} arrived within ${ms} ms`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    stop: () =>
      new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    start,
  }
}
