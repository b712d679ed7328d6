import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeRepo {
  /** As added: GitHub answers with this case whatever case the request used. */
  fullName: string
  private: boolean
  fork: boolean
  archived: boolean
  createdAt: string
  defaultBranch: string
  /** Commit SHAs of each branch, oldest -> newest; the head is the last. */
  branches: Record<string, string[]>
  /** Commit messages by SHA; a commit without one is 'Commit <sha7>'. */
  messages: Record<string, string>
  /**
   * Every commit the repository has had, with its parent: a force-push leaves the old ones
   * reachable by SHA, as GitHub does, so a compare against them answers 'diverged'.
   */
  parents: Record<string, string | null>
}

export type RepoPartial = Partial<Omit<FakeRepo, 'fullName' | 'parents'>>

export interface RecordedRequest {
  method: string
  path: string
  authorization: boolean
}

export interface GitHubState {
  /** Keyed by the lowercased 'owner/repo'. */
  repositories: Map<string, FakeRepo>
  /** 'public': a repository never added is served as a default public one (created on first sight). */
  unknownRepos: 'missing' | 'public'
  /** When set, private repositories answer only requests with `Authorization: Bearer <token>`. */
  token?: string
  /** Every endpoint answers 503. */
  down: boolean
  /** Every endpoint accepts the request and never answers. */
  hang: boolean
  /** Every answer waits this long: a slow GitHub. */
  delayMs: number
  /** Every endpoint answers 403 with x-ratelimit-remaining: 0 and x-ratelimit-reset. */
  rateLimited?: { resetAt: Date }
  requests: RecordedRequest[]
  /** A random 40-hex SHA. */
  newSha(): string
  addRepo(fullName: string, partial?: RepoPartial): FakeRepo
  /** The repository (throws when it was never added). */
  repo(fullName: string): FakeRepo
  /** Appends `count` new commits to `branch` (default: the default branch); returns their SHAs. */
  push(fullName: string, count?: number, branch?: string): string[]
  /** Replaces the history of `branch` (default: the default branch). */
  forcePush(fullName: string, shas: string[], branch?: string): void
}

/** Answers a request the GitHub routes do not know; returns false to let them answer 404. */
export type ExtraHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  state: GitHubState,
) => boolean | Promise<boolean>

export interface TestGitHubServer {
  url: string
  state: GitHubState
  stop(): Promise<void>
}

const key = (fullName: string) => fullName.toLowerCase()

export function createGitHubState(unknownRepos: 'missing' | 'public' = 'missing'): GitHubState {
  const newSha = () => randomBytes(20).toString('hex')

  const state: GitHubState = {
    repositories: new Map(),
    unknownRepos,
    down: false,
    hang: false,
    delayMs: 0,
    requests: [],
    newSha,
    addRepo(fullName, partial = {}) {
      if (!/^[^/\s]+\/[^/\s]+$/.test(fullName)) throw new Error(`not owner/repo: ${fullName}`)
      const defaultBranch = partial.defaultBranch ?? 'main'
      const repo: FakeRepo = {
        fullName,
        private: partial.private ?? false,
        fork: partial.fork ?? false,
        archived: partial.archived ?? false,
        createdAt: partial.createdAt ?? '2025-01-01T00:00:00Z',
        defaultBranch,
        branches: partial.branches ?? { [defaultBranch]: [newSha()] },
        messages: partial.messages ?? {},
        parents: {},
      }
      state.repositories.set(key(fullName), repo)
      return repo
    },
    repo(fullName) {
      const repo = state.repositories.get(key(fullName))
      if (!repo) throw new Error(`no repository ${fullName} on the test GitHub server`)
      return repo
    },
    push(fullName, count = 1, branch) {
      const repo = state.repo(fullName)
      const history = (repo.branches[branch ?? repo.defaultBranch] ??= [])
      const shas = Array.from({ length: count }, newSha)
      for (const sha of shas) {
        history.push(sha)
        repo.messages[sha] ??= `Change ${history.length}\n\nPushed by a test.`
      }
      return shas
    },
    forcePush(fullName, shas, branch) {
      const repo = state.repo(fullName)
      record(repo)
      repo.branches[branch ?? repo.defaultBranch] = [...shas]
    },
  }
  return state
}

/** Learns the parent of every commit on a branch (tests may set `branches` directly). */
function record(repo: FakeRepo) {
  for (const history of Object.values(repo.branches)) {
    history.forEach((sha, i) => {
      if (!(sha in repo.parents)) repo.parents[sha] = history[i - 1] ?? null
    })
  }
}

/** A branch name or a SHA (full, or a prefix of 7+) -> the commit SHA; undefined when unknown. */
function resolve(repo: FakeRepo, ref: string): string | undefined {
  record(repo)
  const branch = repo.branches[ref]
  if (branch) return branch.at(-1)
  if (!/^[0-9a-f]{7,40}$/i.test(ref)) return undefined
  const lower = ref.toLowerCase()
  return Object.keys(repo.parents).find((sha) => sha.startsWith(lower))
}

/** The commit and its ancestors, oldest first. */
function lineage(repo: FakeRepo, sha: string): string[] {
  const line: string[] = []
  for (let at: string | null | undefined = sha; at; at = repo.parents[at]) line.unshift(at)
  return line
}

const commitJson = (repo: FakeRepo, sha: string) => ({
  sha,
  html_url: `https://github.com/${repo.fullName}/commit/${sha}`,
  commit: { message: repo.messages[sha] ?? `Commit ${sha.slice(0, 7)}` },
})

const repoJson = (repo: FakeRepo) => ({
  full_name: repo.fullName,
  html_url: `https://github.com/${repo.fullName}`,
  private: repo.private,
  fork: repo.fork,
  archived: repo.archived,
  default_branch: repo.defaultBranch,
  created_at: repo.createdAt,
})

function send(res: ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  res.end(JSON.stringify(body))
}

const notFound = (res: ServerResponse) =>
  send(res, 404, {
    message: 'Not Found',
    documentation_url: 'https://docs.github.com/rest',
    status: '404',
  })

/** GitHub's REST answers for one request, from `state`. */
function answer(state: GitHubState, req: IncomingMessage, res: ServerResponse, url: URL) {
  const segments = url.pathname.split('/').slice(1).map(decodeURIComponent)
  if (req.method !== 'GET' || segments[0] !== 'repos' || segments.length < 3) return notFound(res)
  const [, owner, name, endpoint, ...rest] = segments
  const fullName = `${owner}/${name}`
  let repo = state.repositories.get(key(fullName))
  if (!repo && state.unknownRepos === 'public') repo = state.addRepo(fullName)
  if (!repo) return notFound(res)
  if (repo.private) {
    const auth = req.headers.authorization ?? ''
    const [scheme, credential] = auth.split(' ')
    const granted =
      state.token !== undefined &&
      credential === state.token &&
      ['bearer', 'token'].includes(scheme?.toLowerCase() ?? '')
    if (!granted) return notFound(res)
  }

  if (endpoint === undefined) return send(res, 200, repoJson(repo))

  if (endpoint === 'commits' && rest.length > 0) {
    record(repo)
    if (Object.values(repo.branches).every((history) => history.length === 0)) {
      return send(res, 409, { message: 'Git Repository is empty.', status: '409' })
    }
    const sha = resolve(repo, rest.join('/'))
    return sha ? send(res, 200, commitJson(repo, sha)) : notFound(res)
  }

  if (endpoint === 'compare' && rest.length > 0) {
    const basehead = rest.join('/')
    const at = basehead.indexOf('...')
    if (at < 0) return notFound(res)
    const base = resolve(repo, basehead.slice(0, at))
    const head = resolve(repo, basehead.slice(at + 3))
    if (!base || !head) return notFound(res)
    const inBase = new Set(lineage(repo, base))
    const headLine = lineage(repo, head)
    const inHead = new Set(headLine)
    const ahead = headLine.filter((sha) => !inBase.has(sha))
    const behindBy = [...inBase].filter((sha) => !inHead.has(sha)).length
    const status =
      ahead.length && behindBy
        ? 'diverged'
        : ahead.length
          ? 'ahead'
          : behindBy
            ? 'behind'
            : 'identical'
    const perPage = Math.min(Number(url.searchParams.get('per_page')) || 250, 250)
    const page = Math.max(Number(url.searchParams.get('page')) || 1, 1)
    return send(res, 200, {
      html_url: `https://github.com/${repo.fullName}/compare/${basehead}`,
      status,
      ahead_by: ahead.length,
      behind_by: behindBy,
      total_commits: ahead.length,
      commits: ahead.slice((page - 1) * perPage, page * perPage).map((s) => commitJson(repo, s)),
    })
  }

  return notFound(res)
}

/**
 * A fake of GitHub's REST API on loopback (node:http), programmed through `state`: the
 * repositories, branches and commits it knows, and its failures (down, hanging, rate limited).
 * It answers only the calls src/lib/github.ts makes, shaped like GitHub's.
 */
export async function startGitHubServer({
  port = 0,
  unknownRepos = 'missing',
  extra,
}: {
  port?: number
  unknownRepos?: 'missing' | 'public'
  extra?: ExtraHandler
} = {}): Promise<TestGitHubServer> {
  const state = createGitHubState(unknownRepos)

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (extra && (await extra(req, res, url, state))) return
      state.requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        authorization: req.headers.authorization !== undefined,
      })
      if (state.hang) return
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs))
      if (state.down) return send(res, 503, { message: 'Service Unavailable' })
      if (state.rateLimited) {
        return send(
          res,
          403,
          {
            message: 'API rate limit exceeded for 127.0.0.1.',
            documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
          },
          {
            'x-ratelimit-limit': '60',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-used': '60',
            'x-ratelimit-reset': String(Math.floor(state.rateLimited.resetAt.getTime() / 1000)),
          },
        )
      }
      answer(state, req, res, url)
    })().catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { message: String(err) })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const { port: actual } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${actual}`,
    state,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()))
        // Hanging requests and keep-alive sockets would hold close() open.
        server.closeAllConnections()
      }),
  }
}
