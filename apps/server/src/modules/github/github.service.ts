import { REPOSITORY_MESSAGES, type RepositoryCheck } from '@hackathon/contract'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import {
  GitHubUnavailable,
  parseRepoUrl,
  type GitHubClient,
  type RepoInfo,
  type RepoRef,
} from '../../lib/github.js'
import { AppError } from '../../plugins/app-error.js'
import * as repo from './github.repo.js'

export const GITHUB_QUEUES = {
  verify: 'github.verify',
  freeze: 'github.freeze',
  compare: 'github.compare',
} as const

/** How long after a deadline the pushes after it are still looked for. */
const COMPARE_FOR_MS = 14 * 86_400_000

/** What the check at submission found, before the submission's transaction records it. */
export type RepositorySnapshot =
  | { state: 'verified'; ref: RepoRef; info: RepoInfo; headSha: string | null; seenAt: Date }
  | { state: 'pending'; ref: RepoRef }

export type GitHubService = ReturnType<typeof createGitHubService>

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null

export function toRepositoryCheck(
  row: repo.RepositoryRow,
  roundStart: Date | null,
): RepositoryCheck {
  return {
    state: row.state,
    owner: row.owner,
    repo: row.repo,
    defaultBranch: row.defaultBranch,
    pinnedSha: row.pinnedSha,
    pinnedAt: iso(row.pinnedAt),
    frozenSha: row.frozenSha,
    frozenAt: iso(row.frozenAt),
    isFork: row.isFork,
    isArchived: row.isArchived,
    repoCreatedAt: iso(row.repoCreatedAt),
    createdBeforeRound:
      row.repoCreatedAt && roundStart ? row.repoCreatedAt.getTime() < roundStart.getTime() : null,
    commitsAfterDeadline: row.commitsAfterDeadline,
    pushedAfter: row.pushedAfter,
    historyRewritten: row.historyRewritten,
    checkedAt: iso(row.checkedAt),
  }
}

/**
 * What GitHub says about submitted repositories, recorded when our server sees it: at submission
 * (pinned head), at the deadline (frozen head) and later (commits pushed after the frozen one,
 * from the compare API). GitHub being unreachable never blocks a submission: it is recorded as
 * 'not verified yet' and a job asks again.
 */
export function createGitHubService({
  db,
  jobs,
  client,
  config,
}: {
  db: Db
  jobs: JobQueue
  client: GitHubClient
  config: Config
}) {
  const enabled = config.github.verify

  /** Default branch head, or null for an empty repository; GitHubUnavailable passes through. */
  async function look(ref: RepoRef) {
    const info = await client.repository(ref)
    if (!info) return { info: null, headSha: null }
    return { info, headSha: await client.headCommit(ref, info.defaultBranch) }
  }

  const service = {
    enabled,

    /**
     * Checks the repository before a submission is recorded: refuses a missing or private one with
     * a sentence, pins the head when GitHub answers, and says 'pending' when it cannot.
     */
    async check(githubUrl: string): Promise<RepositorySnapshot | undefined> {
      if (!enabled) return undefined
      const ref = parseRepoUrl(githubUrl)
      if (!ref) throw new AppError(400, REPOSITORY_MESSAGES.notFound)
      try {
        const { info, headSha } = await look(ref)
        if (!info) throw new AppError(400, REPOSITORY_MESSAGES.notFound)
        if (info.private) throw new AppError(400, REPOSITORY_MESSAGES.private)
        return { state: 'verified', ref, info, headSha, seenAt: new Date() }
      } catch (error) {
        if (error instanceof GitHubUnavailable) return { state: 'pending', ref }
        throw error
      }
    },

    /** Records the snapshot with the submission (same transaction); a pending one gets a job. */
    async record(tx: Db, submissionId: string, snapshot: RepositorySnapshot): Promise<void> {
      const verified = snapshot.state === 'verified' ? snapshot : undefined
      await repo.replace(tx, {
        submissionId,
        owner: snapshot.ref.owner,
        repo: snapshot.ref.repo,
        state: snapshot.state,
        defaultBranch: verified?.info.defaultBranch ?? null,
        pinnedSha: verified?.headSha ?? null,
        pinnedAt: verified?.seenAt ?? null,
        isFork: verified?.info.fork ?? null,
        isArchived: verified?.info.archived ?? null,
        repoCreatedAt: verified ? new Date(verified.info.createdAt) : null,
        checkedAt: verified?.seenAt ?? null,
      })
      if (!verified) await jobs.send(tx, GITHUB_QUEUES.verify, { submissionId })
    },

    /** The job behind 'not verified yet': throws while GitHub is still unreachable (retried). */
    async verifyPending(submissionId: string): Promise<void> {
      const row = await repo.find(db, submissionId)
      if (!row || row.state !== 'pending') return
      const ref = { owner: row.owner, repo: row.repo }
      const { info, headSha } = await look(ref)
      const now = new Date()
      if (!info || info.private) {
        await repo.update(db, submissionId, { state: 'missing', checkedAt: now })
        return
      }
      await repo.update(db, submissionId, {
        state: 'verified',
        defaultBranch: info.defaultBranch,
        pinnedSha: headSha,
        pinnedAt: now,
        isFork: info.fork,
        isArchived: info.archived,
        repoCreatedAt: new Date(info.createdAt),
        checkedAt: now,
      })
    },

    /**
     * Queues another freeze of a round whose end time has passed, for a submission that arrived
     * before it and was recorded after it (GitHub was slow): the freeze takes what is unfrozen.
     */
    async freezeLater(tx: Db, roundId: string): Promise<void> {
      const end = await repo.roundEnd(tx, roundId)
      if (!end) return
      await jobs.send(
        tx,
        GITHUB_QUEUES.freeze,
        { roundId, endTime: end.toISOString() },
        { singletonKey: `${roundId}:${end.toISOString()}:late`, singletonSeconds: 5 },
      )
    },

    /** Queues the freeze of a round at its end time (inside the round's transaction). */
    async scheduleFreeze(tx: Db, roundId: string, endTime: Date | null): Promise<void> {
      if (!enabled || !endTime) return
      await jobs.send(
        tx,
        GITHUB_QUEUES.freeze,
        { roundId, endTime: endTime.toISOString() },
        { startAfter: endTime, singletonKey: `${roundId}:${endTime.toISOString()}` },
      )
    },

    /**
     * Takes the default-branch head of every unfrozen submission of the round, at the time it
     * runs (the deadline, or as soon after it as GitHub answers). Skips a job whose end time is no
     * longer the round's (the deadline moved: another job is queued for the new one). Throws when
     * some repositories could not be read, so the job runs again for those.
     */
    async freezeRound(
      roundId: string,
      endTime?: string,
    ): Promise<{ frozen: number; failed: number }> {
      const currentEnd = await repo.roundEnd(db, roundId)
      if (currentEnd === undefined) return { frozen: 0, failed: 0 }
      if (endTime && currentEnd?.toISOString() !== endTime) return { frozen: 0, failed: 0 }
      let frozen = 0
      let failed = 0
      for (const { row } of await repo.unfrozen(db, roundId)) {
        const ref = { owner: row.owner, repo: row.repo }
        try {
          const branch = row.defaultBranch ?? (await client.repository(ref))?.defaultBranch
          const sha = branch ? await client.headCommit(ref, branch) : null
          const now = new Date()
          await repo.update(db, row.submissionId, {
            frozenSha: sha,
            frozenAt: now,
            checkedAt: now,
            ...(sha ? {} : { state: 'missing' as const }),
          })
          if (sha) frozen++
        } catch (error) {
          if (!(error instanceof GitHubUnavailable)) throw error
          failed++
        }
      }
      if (failed > 0)
        throw new GitHubUnavailable(`${failed} repositories could not be frozen yet; trying again`)
      await jobs.send(db, GITHUB_QUEUES.compare, { roundId }, { startAfter: 60 })
      return { frozen, failed }
    },

    /** Freezes now what the freeze job would have, when the round's deadline has passed. */
    async freezeDue(roundId: string): Promise<number> {
      const end = await repo.roundEnd(db, roundId)
      if (end === undefined) throw new AppError(404, 'Stage not found')
      if (!end || end.getTime() > Date.now()) return 0
      return (await service.freezeRound(roundId)).frozen
    },

    /**
     * Lists the commits pushed after each frozen commit, from GitHub's compare API (never from
     * commit dates, which anyone can forge), and queues the next look while the round is recent.
     */
    async compareRound(roundId: string): Promise<{ compared: number; failed: number }> {
      let compared = 0
      let failed = 0
      for (const { row } of await repo.frozen(db, roundId)) {
        const ref = { owner: row.owner, repo: row.repo }
        try {
          const branch = row.defaultBranch ?? (await client.repository(ref))?.defaultBranch
          if (!branch) continue
          const result = await client.compare(ref, row.frozenSha!, branch)
          const now = new Date()
          await repo.update(db, row.submissionId, {
            commitsAfterDeadline: result ? result.aheadBy : null,
            pushedAfter: result ? result.commits.slice(0, 100) : [],
            // Behind or diverged: the frozen commit is no longer on the branch.
            historyRewritten: !result || result.status === 'behind' || result.status === 'diverged',
            comparedAt: now,
            checkedAt: now,
          })
          compared++
        } catch (error) {
          if (!(error instanceof GitHubUnavailable)) throw error
          failed++
        }
      }
      const end = await repo.roundEnd(db, roundId)
      if (end && Date.now() - end.getTime() < COMPARE_FOR_MS)
        await jobs.send(
          db,
          GITHUB_QUEUES.compare,
          { roundId },
          {
            startAfter: new Date(Date.now() + config.github.recheckMs),
            singletonKey: `compare:${roundId}`,
          },
        )
      return { compared, failed }
    },

    /** The checks of these submissions, by submission id. */
    async checksFor(submissionIds: string[]): Promise<Map<string, RepositoryCheck>> {
      const rows = await repo.forSubmissions(db, submissionIds)
      return new Map(
        rows.map(({ row, roundStart }) => [row.submissionId, toRepositoryCheck(row, roundStart)]),
      )
    },
  }
  return service
}

/** Declares the three queues with their retry policies and starts this instance's workers. */
export async function startGitHubWorkers(
  jobs: JobQueue,
  github: GitHubService,
  config: Config,
): Promise<void> {
  const retrying = {
    retryLimit: 40,
    retryDelay: config.github.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
  }
  await jobs.createQueue(GITHUB_QUEUES.verify, retrying)
  await jobs.createQueue(GITHUB_QUEUES.freeze, retrying)
  await jobs.createQueue(GITHUB_QUEUES.compare, {
    retryLimit: 5,
    retryDelay: 300,
    retryBackoff: true,
  })
  const polling = { pollingIntervalSeconds: config.email.pollSeconds }
  await jobs.workEach<{ submissionId: string }>(
    GITHUB_QUEUES.verify,
    { ...polling, batchSize: 4 },
    (job) => github.verifyPending(job.data.submissionId),
  )
  await jobs.work<{ roundId: string; endTime: string }>(
    GITHUB_QUEUES.freeze,
    polling,
    async ([job]) => {
      if (job) await github.freezeRound(job.data.roundId, job.data.endTime)
    },
  )
  await jobs.work<{ roundId: string }>(GITHUB_QUEUES.compare, polling, async ([job]) => {
    if (job) await github.compareRound(job.data.roundId)
  })
}
