import type { IncomingMessage, ServerResponse } from 'node:http'
import { startGitHubServer, type GitHubState, type RepoPartial } from './github-server.js'

// The fake GitHub as a process of its own, for the browser journeys (e2e/playwright.config.ts
// starts it) on GITHUB_TEST_PORT. Any repository address works (unknownRepos: 'public'), so the
// journeys that only submit keep working; a journey that needs more programs it over HTTP:
//   POST /_control/repos {fullName, ...partial}   adds or replaces a repository
//   GET  /_control/repos/{owner}/{repo}           what the server holds for it
//   POST /_control/push {fullName, count, branch?} -> {shas}
//   POST /_control/force-push {fullName, shas, branch?}
//   POST /_control/down {down: boolean}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

async function control(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  state: GitHubState,
): Promise<boolean> {
  if (!url.pathname.startsWith('/_control/')) return false
  const path = url.pathname.slice('/_control'.length)
  try {
    if (req.method === 'GET' && path.startsWith('/repos/')) {
      const repo = state.repositories.get(decodeURIComponent(path.slice(7)).toLowerCase())
      json(res, repo ? 200 : 404, repo ?? { message: 'Not Found' })
      return true
    }
    if (req.method !== 'POST') {
      json(res, 404, { message: 'Not Found' })
      return true
    }
    const body = await readJson(req)
    const fullName = String(body.fullName ?? '')
    switch (path) {
      case '/repos': {
        const { fullName: _, ...partial } = body
        json(res, 201, state.addRepo(fullName, partial as RepoPartial))
        break
      }
      case '/push':
        // As the API itself: any repository exists once asked about (unknownRepos: 'public').
        if (!state.repositories.has(fullName.toLowerCase())) state.addRepo(fullName)
        json(res, 200, {
          shas: state.push(fullName, Number(body.count ?? 1), body.branch as string | undefined),
        })
        break
      case '/force-push':
        state.forcePush(fullName, body.shas as string[], body.branch as string | undefined)
        json(res, 200, state.repo(fullName))
        break
      case '/down':
        state.down = body.down === true
        json(res, 200, { down: state.down })
        break
      default:
        json(res, 404, { message: 'Not Found' })
    }
  } catch (err) {
    json(res, 400, { message: err instanceof Error ? err.message : String(err) })
  }
  return true
}

const github = await startGitHubServer({
  port: Number(process.env.GITHUB_TEST_PORT ?? 3140),
  unknownRepos: 'public',
  extra: control,
})
console.log(`test GitHub server on ${github.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void github.stop().then(() => process.exit(0)))
}
