import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createGitHubClient, GitHubUnavailable, parseRepoUrl } from '../src/lib/github.js'
import { startGitHubServer, type TestGitHubServer } from './support/github-server.js'

const TOKEN = 'ghp_secret-token-that-must-not-leak'

describe('parseRepoUrl', () => {
  it.each([
    ['https://github.com/octo/ideas', { owner: 'octo', repo: 'ideas' }],
    ['https://github.com/octo/ideas/', { owner: 'octo', repo: 'ideas' }],
    ['https://github.com/octo/ideas.git', { owner: 'octo', repo: 'ideas' }],
    ['https://github.com/octo/ideas.git/', { owner: 'octo', repo: 'ideas' }],
    ['https://github.com/Octo-Cat/My.Repo_2', { owner: 'Octo-Cat', repo: 'My.Repo_2' }],
    ['https://github.com/octo/octo.github.io', { owner: 'octo', repo: 'octo.github.io' }],
    ['HTTPS://GitHub.com/Octo/Ideas', { owner: 'Octo', repo: 'Ideas' }],
    ['  https://github.com/octo/ideas  ', { owner: 'octo', repo: 'ideas' }],
  ])('reads %s', (url, ref) => {
    expect(parseRepoUrl(url)).toEqual(ref)
  })

  it.each([
    'http://github.com/octo/ideas',
    'https://www.github.com/octo/ideas',
    'https://gitlab.com/octo/ideas',
    'github.com/octo/ideas',
    'https://github.com/octo',
    'https://github.com/octo/',
    'https://github.com/octo/ideas/tree/main',
    'https://github.com/octo/ideas/issues',
    'https://github.com/octo/ideas?tab=readme',
    'https://github.com/octo/ideas#readme',
    'https://github.com/-octo/ideas',
    'https://github.com/oc_to/ideas',
    'https://github.com/octo/ide as',
    'https://github.com/octo/ide%20as',
    'https://github.com/octo/..',
    'https://github.com/octo/.git',
    'https://github.com/octo/ideas//',
    '',
  ])('refuses %j', (url) => {
    expect(parseRepoUrl(url)).toBeUndefined()
  })
})

describe('the GitHub client', () => {
  let github: TestGitHubServer
  const client = (options: Partial<Parameters<typeof createGitHubClient>[0]> = {}) =>
    createGitHubClient({ baseUrl: github.url, timeoutMs: 2000, retries: 2, ...options })
  const ref = (fullName: string) => {
    const [owner = '', repo = ''] = fullName.split('/')
    return { owner, repo }
  }
  /** Runs `call` and returns what it threw. */
  const failure = async (call: () => Promise<unknown>) => {
    try {
      await call()
    } catch (err) {
      return err
    }
    throw new Error('expected the call to fail')
  }

  beforeAll(async () => {
    github = await startGitHubServer()
  })
  afterAll(async () => {
    await github.stop()
  })
  afterEach(() => {
    Object.assign(github.state, { down: false, hang: false, rateLimited: undefined })
    github.state.token = undefined
    github.state.requests.length = 0
  })

  describe('repository', () => {
    it('reports a public repository as GitHub describes it, and sends no Authorization without a token', async () => {
      github.state.addRepo('Octo/Ideas', {
        fork: true,
        createdAt: '2024-03-05T10:20:30Z',
        defaultBranch: 'trunk',
      })
      expect(await client().repository(ref('octo/ideas'))).toEqual({
        private: false,
        fork: true,
        archived: false,
        defaultBranch: 'trunk',
        createdAt: '2024-03-05T10:20:30.000Z',
        htmlUrl: 'https://github.com/Octo/Ideas',
      })
      expect(github.state.requests).toEqual([
        { method: 'GET', path: '/repos/octo/ideas', authorization: false },
      ])
    })

    it('answers null for a repository GitHub does not have', async () => {
      expect(await client().repository(ref('octo/nowhere'))).toBeNull()
      expect(github.state.requests).toHaveLength(1)
    })

    it('answers null for a private repository the client has no token for', async () => {
      github.state.addRepo('octo/secret', { private: true })
      github.state.token = TOKEN
      expect(await client().repository(ref('octo/secret'))).toBeNull()
      expect(await client({ token: 'another-token' }).repository(ref('octo/secret'))).toBeNull()
    })

    it('sees a private repository with a token that has access, sent as a Bearer header', async () => {
      github.state.addRepo('octo/hidden', { private: true, archived: true })
      github.state.token = TOKEN
      const info = await client({ token: TOKEN }).repository(ref('octo/hidden'))
      expect(info).toMatchObject({ private: true, archived: true })
      expect(github.state.requests).toEqual([
        { method: 'GET', path: '/repos/octo/hidden', authorization: true },
      ])
    })
  })

  describe('headCommit', () => {
    it('answers the SHA at the head of a branch', async () => {
      github.state.addRepo('octo/head')
      const [, last] = github.state.push('octo/head', 2)
      github.state.push('octo/head', 1, 'feature/x')
      expect(await client().headCommit(ref('octo/head'), 'main')).toBe(last)
      expect(await client().headCommit(ref('octo/head'), 'feature/x')).toBe(
        github.state.repo('octo/head').branches['feature/x']!.at(-1),
      )
    })

    it('answers null for an empty repository and for a missing branch', async () => {
      github.state.addRepo('octo/empty', { branches: { main: [] } })
      github.state.addRepo('octo/one')
      expect(await client().headCommit(ref('octo/empty'), 'main')).toBeNull()
      expect(await client().headCommit(ref('octo/one'), 'gone')).toBeNull()
      expect(await client().headCommit(ref('octo/nowhere'), 'main')).toBeNull()
    })
  })

  describe('compare', () => {
    it('lists the commits pushed after a base, oldest first, with their first line', async () => {
      github.state.addRepo('octo/compare')
      const [frozen] = github.state.push('octo/compare', 1)
      const late = github.state.push('octo/compare', 3)
      github.state.repo('octo/compare').messages[late[2]!] = 'Last minute fix\r\n\r\nDetails'
      const result = await client().compare(ref('octo/compare'), frozen!, 'main')
      expect(result).toEqual({
        status: 'ahead',
        aheadBy: 3,
        behindBy: 0,
        commits: late.map((sha, i) => ({
          sha,
          message: i === 2 ? 'Last minute fix' : `Change ${i + 3}`,
          url: `https://github.com/octo/compare/commit/${sha}`,
        })),
      })
    })

    it('answers identical when nothing was pushed after the base', async () => {
      github.state.addRepo('octo/still')
      const [head] = github.state.push('octo/still', 1)
      expect(await client().compare(ref('octo/still'), head!, 'main')).toEqual({
        status: 'identical',
        aheadBy: 0,
        behindBy: 0,
        commits: [],
      })
    })

    it('answers diverged when the history was rewritten after the base', async () => {
      github.state.addRepo('octo/rewritten')
      const [first] = github.state.repo('octo/rewritten').branches.main!
      const [frozen] = github.state.push('octo/rewritten', 1)
      const replacement = github.state.newSha()
      github.state.forcePush('octo/rewritten', [first!, replacement])
      const result = await client().compare(ref('octo/rewritten'), frozen!, 'main')
      expect(result).toMatchObject({ status: 'diverged', aheadBy: 1, behindBy: 1 })
      expect(result!.commits.map((c) => c.sha)).toEqual([replacement])
    })

    it('answers null when the base is unknown', async () => {
      github.state.addRepo('octo/unknown-base')
      expect(
        await client().compare(ref('octo/unknown-base'), github.state.newSha(), 'main'),
      ).toBeNull()
    })

    it('lists at most the first 100 commits', async () => {
      github.state.addRepo('octo/busy')
      const [base] = github.state.repo('octo/busy').branches.main!
      const pushed = github.state.push('octo/busy', 120)
      const result = await client().compare(ref('octo/busy'), base!, 'main')
      expect(result!.aheadBy).toBe(120)
      expect(result!.commits.map((c) => c.sha)).toEqual(pushed.slice(0, 100))
    })
  })

  describe('when GitHub cannot answer', () => {
    it('retries a 503 `retries` times, then reports GitHub unavailable', async () => {
      github.state.addRepo('octo/outage')
      github.state.down = true
      const err = await failure(() => client({ retries: 2 }).repository(ref('octo/outage')))
      expect(err).toBeInstanceOf(GitHubUnavailable)
      expect((err as GitHubUnavailable).message).toMatch(/503/)
      expect((err as GitHubUnavailable).retryAt).toBeUndefined()
      expect(github.state.requests).toHaveLength(3)
    })

    it('gives up on a server that never answers within timeoutMs for each attempt', async () => {
      github.state.hang = true
      const timeoutMs = 300
      const started = Date.now()
      const err = await failure(() =>
        client({ timeoutMs, retries: 1 }).headCommit(ref('octo/hang'), 'main'),
      )
      expect(err).toBeInstanceOf(GitHubUnavailable)
      expect((err as Error).message).toMatch(/300 ms/)
      expect(Date.now() - started).toBeLessThan(timeoutMs * 2 + 1500)
      expect(github.state.requests).toHaveLength(2)
    })

    it('reports a network error as GitHub unavailable', async () => {
      const closed = await startGitHubServer()
      await closed.stop()
      const err = await failure(() =>
        createGitHubClient({ baseUrl: closed.url, timeoutMs: 1000, retries: 1 }).repository(
          ref('octo/ideas'),
        ),
      )
      expect(err).toBeInstanceOf(GitHubUnavailable)
      expect((err as Error).message).toMatch(/could not be reached/)
    })

    it('does not wait out a rate limit: it reports when GitHub will answer again, without retrying', async () => {
      const resetAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 30 * 60_000)
      github.state.rateLimited = { resetAt }
      const started = Date.now()
      const err = await failure(() => client({ retries: 2 }).compare(ref('octo/a'), 'x', 'y'))
      expect(err).toBeInstanceOf(GitHubUnavailable)
      expect((err as GitHubUnavailable).retryAt).toEqual(resetAt)
      expect(github.state.requests).toHaveLength(1)
      expect(Date.now() - started).toBeLessThan(1000)
    })

    it('does not wait out a secondary rate limit either: retryAt comes from retry-after', async () => {
      let attempts = 0
      const limiting = await startGitHubServer({
        extra: (_req, res) => {
          attempts++
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '60' })
          res.end(JSON.stringify({ message: 'You have exceeded a secondary rate limit.' }))
          return true
        },
      })
      try {
        const before = Date.now()
        const err = await failure(() =>
          createGitHubClient({ baseUrl: limiting.url, timeoutMs: 1000, retries: 2 }).repository(
            ref('octo/ideas'),
          ),
        )
        expect(err).toBeInstanceOf(GitHubUnavailable)
        const retryAt = (err as GitHubUnavailable).retryAt!.getTime()
        expect(retryAt).toBeGreaterThanOrEqual(before + 60_000)
        expect(retryAt).toBeLessThanOrEqual(Date.now() + 60_000)
        expect(attempts).toBe(1)
      } finally {
        await limiting.stop()
      }
    })

    it('reports a refused token as GitHub unavailable, naming the status and never the token', async () => {
      const refusing = await startGitHubServer({
        extra: (_req, res) => {
          res.writeHead(401, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ message: 'Bad credentials' }))
          return true
        },
      })
      try {
        const err = await failure(() =>
          createGitHubClient({
            baseUrl: refusing.url,
            token: TOKEN,
            timeoutMs: 1000,
            retries: 2,
          }).repository(ref('octo/ideas')),
        )
        expect(err).toBeInstanceOf(GitHubUnavailable)
        expect((err as Error).message).toMatch(/401/)
      } finally {
        await refusing.stop()
      }
    })

    it('never puts the token in an error message', async () => {
      const withToken = client({ token: TOKEN, timeoutMs: 200, retries: 0 })
      const errors: unknown[] = []
      github.state.down = true
      errors.push(await failure(() => withToken.repository(ref('octo/a'))))
      github.state.down = false
      github.state.rateLimited = { resetAt: new Date(Date.now() + 60_000) }
      errors.push(await failure(() => withToken.headCommit(ref('octo/a'), 'main')))
      github.state.rateLimited = undefined
      github.state.hang = true
      errors.push(await failure(() => withToken.compare(ref('octo/a'), 'a', 'b')))
      github.state.hang = false
      const closed = await startGitHubServer()
      await closed.stop()
      errors.push(
        await failure(() =>
          createGitHubClient({
            baseUrl: closed.url,
            token: TOKEN,
            timeoutMs: 500,
            retries: 0,
          }).repository(ref('octo/a')),
        ),
      )
      for (const err of errors) {
        expect(err).toBeInstanceOf(GitHubUnavailable)
        expect(
          JSON.stringify({
            ...(err as object),
            message: (err as Error).message,
            stack: (err as Error).stack,
          }),
        ).not.toContain(TOKEN)
      }
    })
  })
})
