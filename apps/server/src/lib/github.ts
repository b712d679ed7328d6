import { Octokit } from '@octokit/core'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import { z } from 'zod'

export type RepoRef = { owner: string; repo: string }

// The owner and name rules of GitHub, as in the contract's GITHUB_URL_PATTERN; the scheme and
// host are case-insensitive (RFC 3986), the path keeps the case it was given.
const REPO_URL =
  /^https:\/\/github\.com\/([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?$/i

/** https://github.com/{owner}/{repo} with optional trailing slash or .git -> ref; undefined otherwise. */
export function parseRepoUrl(url: string): RepoRef | undefined {
  const match = REPO_URL.exec(url.trim())
  if (!match) return undefined
  const [, owner, repo] = match
  // '.', '..' and '.git' are names GitHub reserves.
  if (!owner || !repo || ['.', '..', '.git'].includes(repo.toLowerCase())) return undefined
  return { owner, repo }
}

export type RepoInfo = {
  private: boolean
  fork: boolean
  archived: boolean
  defaultBranch: string
  /** ISO 8601 */
  createdAt: string
  htmlUrl: string
}

export type CompareResult = {
  status: 'ahead' | 'behind' | 'identical' | 'diverged'
  aheadBy: number
  behindBy: number
  /** The commits in head that are not in base (first 100), oldest first. */
  commits: { sha: string; message: string; url: string }[]
}

/** GitHub could not answer now: network error, timeout, 5xx, or rate limited. `retryAt` when GitHub said when. */
export class GitHubUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAt?: Date,
  ) {
    super(message)
    this.name = 'GitHubUnavailable'
  }
}

export interface GitHubClient {
  /** null when GitHub answers 404 (missing, or private and our token cannot see it). */
  repository(ref: RepoRef): Promise<RepoInfo | null>
  /** The SHA at the head of `branch`; null when the repository is empty (409) or the branch is missing (404). */
  headCommit(ref: RepoRef, branch: string): Promise<string | null>
  /** GET /repos/{owner}/{repo}/compare/{base}...{head}; null when base or head is unknown (404). */
  compare(ref: RepoRef, base: string, head: string): Promise<CompareResult | null>
}

export type GitHubClientOptions = {
  /** GITHUB_API_URL, e.g. https://api.github.com */
  baseUrl: string
  /** GITHUB_TOKEN: sent as `Authorization: Bearer` when set. */
  token?: string
  /** Per attempt, from the request until the whole body has arrived. */
  timeoutMs: number
  /** Retries after a 5xx, a network error or a timeout. */
  retries: number
  userAgent?: string
}

/** Backoff before retry n is n² × this: 100 ms, 400 ms... A person is waiting on a submission. */
const RETRY_BASE_MS = 100
const COMPARE_COMMITS = 100
/** Every 4xx is an answer (or a refusal) that asking again will not change. */
const NOT_RETRIED = Array.from({ length: 100 }, (_, i) => 400 + i)

const repositoryData = z.object({
  private: z.boolean(),
  fork: z.boolean(),
  archived: z.boolean(),
  default_branch: z.string(),
  created_at: z.string().refine((s) => !Number.isNaN(Date.parse(s))),
  html_url: z.string(),
})
const commitData = z.object({ sha: z.string() })
const compareData = z.object({
  status: z.enum(['ahead', 'behind', 'identical', 'diverged']),
  ahead_by: z.number().int(),
  behind_by: z.number().int(),
  commits: z.array(
    z.object({ sha: z.string(), html_url: z.string(), commit: z.object({ message: z.string() }) }),
  ),
})

const GitHubOctokit = Octokit.plugin(retry, throttling)

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const { token } = options
  const octokit = new GitHubOctokit({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    userAgent: options.userAgent ?? 'hackathon-platform',
    request: { fetch: fetchWithin(options.timeoutMs) },
    retry: {
      retries: options.retries,
      doNotRetry: NOT_RETRIED,
      retryAfterBaseValue: RETRY_BASE_MS,
    },
    // Never wait out a rate limit: a person is waiting, so we answer "not verified yet" and a job
    // asks again at `retryAt`.
    throttle: { onRateLimit: () => false, onSecondaryRateLimit: () => false },
  })
  // Set here rather than through Octokit's `auth`, which would send `token <t>`; GitHub documents
  // `Bearer`. Registered last, so it runs once, outside the retry and throttling wrappers.
  octokit.hook.before('request', (request) => {
    request.headers['x-github-api-version'] = '2022-11-28'
    if (token) request.headers.authorization = `Bearer ${token}`
  })

  /** Calls GitHub; an answer in `answers` resolves to null, every other failure is an outage. */
  async function call<T>(what: string, answers: number[], send: () => Promise<unknown>) {
    let data: unknown
    try {
      data = await send()
    } catch (err) {
      // An error without an HTTP status is a bug of ours, not an outage: let it surface.
      if (!isHttpError(err)) throw err
      if (err.response && answers.includes(err.status)) return null
      throw toUnavailable(err, what, token)
    }
    return data as T
  }

  function read<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
    const parsed = schema.safeParse(data)
    if (!parsed.success) throw new GitHubUnavailable(`GitHub sent an unreadable answer to ${what}`)
    return parsed.data
  }

  return {
    async repository({ owner, repo }) {
      const what = 'the repository request'
      const response = await call<{ data: unknown }>(what, [404], () =>
        octokit.request('GET /repos/{owner}/{repo}', { owner, repo }),
      )
      if (!response) return null
      const data = read(repositoryData, response.data, what)
      return {
        private: data.private,
        fork: data.fork,
        archived: data.archived,
        defaultBranch: data.default_branch,
        createdAt: new Date(data.created_at).toISOString(),
        htmlUrl: data.html_url,
      }
    },

    async headCommit({ owner, repo }, branch) {
      const what = 'the commit request'
      // 409: the repository is empty. 404 for a missing branch; api.github.com answers 422
      // ("No commit found for SHA") to a ref it cannot resolve, which means the same.
      const response = await call<{ data: unknown }>(what, [404, 409, 422], () =>
        octokit.request('GET /repos/{owner}/{repo}/commits/{ref}', { owner, repo, ref: branch }),
      )
      if (!response) return null
      return read(commitData, response.data, what).sha
    },

    async compare({ owner, repo }, base, head) {
      const what = 'the compare request'
      const response = await call<{ data: unknown }>(what, [404], () =>
        octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
          owner,
          repo,
          basehead: `${base}...${head}`,
          per_page: COMPARE_COMMITS,
          page: 1,
        }),
      )
      if (!response) return null
      const data = read(compareData, response.data, what)
      return {
        status: data.status,
        aheadBy: data.ahead_by,
        behindBy: data.behind_by,
        commits: data.commits.slice(0, COMPARE_COMMITS).map((c) => ({
          sha: c.sha,
          message: c.commit.message.split(/\r?\n/, 1)[0] ?? '',
          url: c.html_url,
        })),
      }
    },
  }
}

type HttpError = Error & {
  status: number
  response?: { headers: Record<string, string | number | undefined> }
}

function isHttpError(err: unknown): err is HttpError {
  return err instanceof Error && typeof (err as { status?: unknown }).status === 'number'
}

/**
 * The outage to report for a failed call. The message is ours (status, or the network cause),
 * never the request: no header, so no token, can leak into a log.
 */
function toUnavailable(err: HttpError, what: string, token: string | undefined): GitHubUnavailable {
  const scrub = (text: string) => (token ? text.replaceAll(token, '[token]') : text)
  const { status, response } = err
  if (!response) {
    return new GitHubUnavailable(scrub(`GitHub could not be reached for ${what}: ${err.message}`))
  }
  const header = (name: string) => {
    const value = response.headers[name]
    return value === undefined ? undefined : String(value)
  }
  if (status === 403 || status === 429) {
    const retryAfter = Number(header('retry-after'))
    const reset = Number(header('x-ratelimit-reset'))
    if (header('x-ratelimit-remaining') === '0' && Number.isFinite(reset) && reset > 0) {
      return new GitHubUnavailable(`GitHub rate limit reached (${status})`, new Date(reset * 1000))
    }
    if (header('retry-after') !== undefined && Number.isFinite(retryAfter)) {
      return new GitHubUnavailable(
        `GitHub rate limit reached (${status})`,
        new Date(Date.now() + retryAfter * 1000),
      )
    }
    if (status === 429) return new GitHubUnavailable(`GitHub rate limit reached (${status})`)
  }
  if (status >= 500) return new GitHubUnavailable(`GitHub answered ${status} to ${what}`)
  // 401 (a bad token), 403 (other), 422...: we cannot verify, which is not the applicant's fault.
  return new GitHubUnavailable(`GitHub refused ${what} with ${status}`)
}

/**
 * fetch with a deadline per attempt that covers the body too: a server that sends headers and
 * then stalls is as unavailable as one that never answers. A timeout becomes a network error,
 * which the retry plugin retries.
 */
function fetchWithin(timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs)
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline
    try {
      const response = await fetch(input, { ...init, signal })
      const body = await response.arrayBuffer()
      const nullBody = [101, 204, 205, 304].includes(response.status)
      return new Response(nullBody ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
    } catch (err) {
      if (!deadline.aborted) throw err
    }
    throw new TypeError('fetch failed', { cause: new Error(`no answer within ${timeoutMs} ms`) })
  }
}
