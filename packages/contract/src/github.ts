import { z } from 'zod'
import { isoDateTime } from './common.js'

/**
 * What GitHub reported about a submission's repository (issue 10). `pending` is shown as 'not
 * verified yet': GitHub could not be reached when it was submitted, and a job checks again.
 */
export const REPOSITORY_STATES = ['verified', 'pending', 'missing'] as const

export const repositoryCheck = z
  .object({
    state: z.enum(REPOSITORY_STATES),
    owner: z.string(),
    repo: z.string(),
    defaultBranch: z.string().nullable(),
    /** The default branch's head when our server saw the submission. */
    pinnedSha: z.string().nullable(),
    pinnedAt: isoDateTime.nullable(),
    /** The head at the round's deadline, taken by the freeze job. */
    frozenSha: z.string().nullable(),
    frozenAt: isoDateTime.nullable(),
    isFork: z.boolean().nullable(),
    isArchived: z.boolean().nullable(),
    repoCreatedAt: isoDateTime.nullable(),
    /** The repository existed before the round started (null when either time is unknown). */
    createdBeforeRound: z.boolean().nullable(),
    /** Commits on the default branch after the frozen one (GitHub's compare API). */
    commitsAfterDeadline: z.number().int().nullable(),
    pushedAfter: z.array(z.object({ sha: z.string(), message: z.string(), url: z.string() })),
    /** The default branch no longer contains the frozen commit. */
    historyRewritten: z.boolean(),
    /** The last time GitHub answered about this repository. */
    checkedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'RepositoryCheck' })
export type RepositoryCheck = z.infer<typeof repositoryCheck>

export const REPOSITORY_MESSAGES = {
  notFound:
    'We could not find a public GitHub repository at this address. Check the address, make the repository public, and submit again.',
  private: 'This GitHub repository is private. Make it public, then submit again.',
  notVerifiedYet: 'not verified yet',
} as const

/** A link to exactly one commit's tree. */
export const treeUrl = (owner: string, repo: string, sha: string) =>
  `https://github.com/${owner}/${repo}/tree/${sha}`
