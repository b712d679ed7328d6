import type { RepositoryCheck } from '@hackathon/contract'
import { fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'

import { formatDateTime } from '@/lib/date-time'
import { axeViolations } from '@/test/axe'
import {
  FROZEN_SHA,
  PINNED_SHA,
  frozenRepositoryFixture,
  repositoryCheckFixture,
} from '@/test/repository-check'

import { RepositoryStatus } from './repository-status'

/** The status sits in a page's main landmark, as on both submission pages. */
const Main = ({ children }: { children: ReactNode }) => <main>{children}</main>

function renderStatus(
  repository: RepositoryCheck | null,
  audience: 'staff' | 'applicant' = 'staff',
) {
  return render(<RepositoryStatus repository={repository} audience={audience} />, {
    wrapper: Main,
  })
}

/** The paragraph a line of text sits in, read as one sentence. */
const lineOf = (text: RegExp | string) =>
  screen.getByText(text, { exact: false }).closest('p')?.textContent?.replace(/\s+/g, ' ')

const PINNED_TREE = `https://github.com/asha/prototype/tree/${PINNED_SHA}`
const FROZEN_TREE = `https://github.com/asha/prototype/tree/${FROZEN_SHA}`

describe('the repository status', () => {
  it('links the commit pinned when it was submitted to exactly that tree', async () => {
    const repository = repositoryCheckFixture()
    renderStatus(repository)

    const link = screen.getByRole('link', { name: /^3f2a9c1/ })
    expect(link.getAttribute('href')).toBe(PINNED_TREE)
    expect(link.textContent).toMatch(/^3f2a9c1 \(opens in a new tab\)$/)
    expect(link.className).toContain('font-mono')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(lineOf('pinned when submitted')).toBe(
      `Commit 3f2a9c1 (opens in a new tab) pinned when submitted (${formatDateTime(repository.pinnedAt!)})`,
    )
    expect(lineOf('Checked at')).toBe(`Checked at ${formatDateTime(repository.checkedAt!)}`)
    expect(screen.queryByText(/Frozen at the deadline/)).toBeNull()
    expect(screen.queryByRole('list', { name: 'Repository flags' })).toBeNull()
    expect(screen.queryByText('not verified yet')).toBeNull()
    expect(await axeViolations()).toEqual([])
  })

  it('says a repository GitHub could not be reached for is not verified yet', async () => {
    renderStatus(
      repositoryCheckFixture({
        state: 'pending',
        defaultBranch: null,
        pinnedSha: null,
        pinnedAt: null,
        isFork: null,
        isArchived: null,
        repoCreatedAt: null,
        createdBeforeRound: null,
        checkedAt: null,
      }),
      'applicant',
    )

    expect(screen.getByText('not verified yet')).toBeTruthy()
    expect(
      screen.getByText(
        'GitHub could not be reached when this was submitted; it will be checked again automatically.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.queryByText(/pinned when submitted/)).toBeNull()
    expect(screen.queryByText(/Checked at/)).toBeNull()
    expect(await axeViolations()).toEqual([])
  })

  it('warns when GitHub no longer shows the repository, keeping the commit it pinned', async () => {
    renderStatus(repositoryCheckFixture({ state: 'missing' }), 'applicant')

    expect(
      screen.getByText('GitHub no longer shows this repository publicly (missing or private).'),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: /^3f2a9c1/ }).getAttribute('href')).toBe(PINNED_TREE)
    expect(screen.queryByText('not verified yet')).toBeNull()
    expect(await axeViolations()).toEqual([])
  })

  it('shows the commit frozen at the deadline, with no flag when nothing came after', async () => {
    const repository = frozenRepositoryFixture(0)
    renderStatus(repository)

    const frozen = screen.getByRole('link', { name: /^9e8d7c6/ })
    expect(frozen.getAttribute('href')).toBe(FROZEN_TREE)
    expect(lineOf('Frozen at the deadline:')).toBe(
      `Frozen at the deadline: 9e8d7c6 (opens in a new tab) (${formatDateTime(repository.frozenAt!)})`,
    )
    expect(screen.getByRole('link', { name: /^3f2a9c1/ }).getAttribute('href')).toBe(PINNED_TREE)
    expect(screen.queryByText(/after the deadline$/)).toBeNull()
    expect(document.querySelector('details')).toBeNull()
    expect(await axeViolations()).toEqual([])
  })

  it('counts the commits pushed after the deadline and lists them on request', async () => {
    renderStatus(frozenRepositoryFixture(3))

    const flags = within(screen.getByRole('list', { name: 'Repository flags' }))
    expect(flags.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '3 commits after the deadline',
    ])

    const details = screen.getByText('Commits pushed after the deadline (3)').closest('details')!
    expect(details.open).toBe(false)
    fireEvent.click(within(details).getByText(/Commits pushed after the deadline/))
    expect(details.open).toBe(true)
    const commits = within(details).getAllByRole('listitem')
    expect(commits).toHaveLength(3)
    const first = within(commits[0]!)
    expect(first.getByRole('link', { name: /^1111111/ }).getAttribute('href')).toBe(
      `https://github.com/asha/prototype/commit/1111111${'0'.repeat(33)}`,
    )
    // The subject line only, as GitHub lists commits.
    expect(first.getByText('Fix 1 after the deadline')).toBeTruthy()
    expect(screen.queryByText(/A longer body/)).toBeNull()
    expect(await axeViolations()).toEqual([])
  })

  it('says one commit, and how many are listed when the server sent fewer than it counted', () => {
    const { unmount } = renderStatus(frozenRepositoryFixture(1))
    expect(screen.getByText('1 commit after the deadline')).toBeTruthy()
    unmount()

    renderStatus(frozenRepositoryFixture(2, { commitsAfterDeadline: 250 }))
    expect(screen.getByText('250 commits after the deadline')).toBeTruthy()
    expect(screen.getByText('Commits pushed after the deadline (2 of 250)')).toBeTruthy()
  })

  it('flags a fork, an archived repository and one created before the round, in words', async () => {
    renderStatus(
      repositoryCheckFixture({ isFork: true, isArchived: true, createdBeforeRound: true }),
    )

    const flags = within(screen.getByRole('list', { name: 'Repository flags' }))
    expect(flags.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Fork',
      'Archived',
      'Created before the round started',
    ])
    expect(await axeViolations()).toEqual([])
  })

  it('flags history rewritten after the deadline', () => {
    renderStatus(frozenRepositoryFixture(0, { historyRewritten: true }))

    const flags = within(screen.getByRole('list', { name: 'Repository flags' }))
    expect(flags.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'History rewritten after the deadline',
    ])
  })

  it('shows the applicant the pinned and frozen commits but not the jury’s flags', () => {
    renderStatus(
      frozenRepositoryFixture(3, {
        isFork: true,
        createdBeforeRound: true,
        historyRewritten: true,
      }),
      'applicant',
    )

    expect(screen.getByRole('link', { name: /^3f2a9c1/ }).getAttribute('href')).toBe(PINNED_TREE)
    expect(screen.getByRole('link', { name: /^9e8d7c6/ }).getAttribute('href')).toBe(FROZEN_TREE)
    expect(screen.getAllByRole('link')).toHaveLength(2)
    expect(screen.queryByRole('list', { name: 'Repository flags' })).toBeNull()
    expect(screen.queryByText('Fork')).toBeNull()
    expect(screen.queryByText(/commits? after the deadline/)).toBeNull()
    expect(screen.queryByText(/Checked at/)).toBeNull()
  })

  it('renders nothing for a submission GitHub was never asked about', () => {
    const { container } = renderStatus(null)
    expect(container.querySelector('main')?.childElementCount).toBe(0)
  })
})
