import type { RepositoryCheck } from '@hackathon/contract'

/** The full commit ids of the fixtures, so a test can build the exact tree address. */
export const PINNED_SHA = '3f2a9c1e4b5d6a7f8091a2b3c4d5e6f708192a3b'
export const FROZEN_SHA = '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a291807'

/** A public repository GitHub answered for when it was submitted, before the deadline. */
export function repositoryCheckFixture(overrides: Partial<RepositoryCheck> = {}): RepositoryCheck {
  return {
    state: 'verified',
    owner: 'asha',
    repo: 'prototype',
    defaultBranch: 'main',
    pinnedSha: PINNED_SHA,
    pinnedAt: '2026-03-04T10:05:00.000Z',
    frozenSha: null,
    frozenAt: null,
    isFork: false,
    isArchived: false,
    repoCreatedAt: '2026-03-02T08:00:00.000Z',
    createdBeforeRound: false,
    commitsAfterDeadline: null,
    pushedAfter: [],
    historyRewritten: false,
    checkedAt: '2026-03-04T10:05:00.000Z',
    ...overrides,
  }
}

/** The same repository after the deadline froze it, with `after` commits pushed since. */
export function frozenRepositoryFixture(
  after: number,
  overrides: Partial<RepositoryCheck> = {},
): RepositoryCheck {
  return repositoryCheckFixture({
    frozenSha: FROZEN_SHA,
    frozenAt: '2026-03-15T18:30:00.000Z',
    commitsAfterDeadline: after,
    pushedAfter: Array.from({ length: after }, (_, i) => {
      const sha = `${String(i + 1).repeat(7)}${'0'.repeat(33)}`
      return {
        sha,
        message: `Fix ${i + 1} after the deadline\n\nA longer body that is not listed.`,
        url: `https://github.com/asha/prototype/commit/${sha}`,
      }
    }),
    checkedAt: '2026-03-16T09:00:00.000Z',
    ...overrides,
  })
}
