import { createServer } from 'node:http'
import { startSmtpServer } from './smtp-server.js'

// The test SMTP server as a process of its own, for the browser journeys (e2e/playwright.config.ts
// starts it): SMTP on SMTP_TEST_PORT, and GET /messages?to=... on SMTP_TEST_HTTP_PORT returns what
// arrived, so a journey can read a confirmation link or a sign-in code.
const smtp = await startSmtpServer({ port: Number(process.env.SMTP_TEST_PORT ?? 3125) })
const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.pathname !== '/messages') {
    res.statusCode = 404
    res.end()
    return
  }
  const to = url.searchParams.get('to')
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(to ? smtp.received.filter((m) => m.to.includes(to)) : smtp.received))
})
http.listen(Number(process.env.SMTP_TEST_HTTP_PORT ?? 3126), '127.0.0.1')
console.log(`test SMTP server on 127.0.0.1:${smtp.port}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    http.close()
    void smtp.stop().then(() => process.exit(0))
  })
}
