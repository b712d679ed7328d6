import { REPOSITORY_MESSAGES, treeUrl, type RepositoryCheck } from '@hackathon/contract'
import {
  Archive,
  CalendarX,
  ChevronRight,
  CircleDashed,
  GitCommitHorizontal,
  GitFork,
  History,
  Snowflake,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'

import { ExternalLink } from '@/components/external-link'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/date-time'

export const REPOSITORY_STATUS_TEXTS = {
  pending:
    'GitHub could not be reached when this was submitted; it will be checked again automatically.',
  missing: 'GitHub no longer shows this repository publicly (missing or private).',
} as const

/** GitHub's own short form of a commit id. */
const shortSha = (sha: string) => sha.slice(0, 7)

/**
 * What GitHub reported about a submission's repository (issue 10): the commit pinned when it
 * was submitted and, after the deadline, the frozen one, each linking to exactly that tree.
 * The jury (`audience="staff"`) also sees the flags worth a second look and when GitHub last
 * answered. The applicant sees the commits and the notes that ask something of them (not
 * verified yet, missing), not the flags: those are the jury's to weigh, and the frozen commit
 * already tells the applicant what counts.
 */
export function RepositoryStatus({
  repository,
  audience,
}: {
  /** Null for submissions made before GitHub was asked. */
  repository: RepositoryCheck | null
  audience: 'staff' | 'applicant'
}) {
  if (!repository) return null
  const staff = audience === 'staff'
  const { owner, repo, state, pinnedSha, pinnedAt, frozenSha, frozenAt, checkedAt } = repository
  const flags = staff ? repositoryFlags(repository) : []
  const pushedAfter = staff ? repository.pushedAfter : []
  const showCheckedAt = staff && checkedAt !== null

  if (
    state === 'verified' &&
    !pinnedSha &&
    !frozenSha &&
    flags.length === 0 &&
    pushedAfter.length === 0 &&
    !showCheckedAt
  ) {
    return null
  }

  return (
    <div className="grid min-w-0 gap-2 text-sm">
      {state === 'pending' && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Badge variant="outline" className="whitespace-normal">
            <CircleDashed aria-hidden="true" />
            {REPOSITORY_MESSAGES.notVerifiedYet}
          </Badge>
          <span className="text-muted-foreground">{REPOSITORY_STATUS_TEXTS.pending}</span>
        </p>
      )}
      {state === 'missing' && (
        <p className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 font-medium text-destructive">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{REPOSITORY_STATUS_TEXTS.missing}</span>
        </p>
      )}
      {pinnedSha && (
        <CommitLine icon={GitCommitHorizontal}>
          Commit <CommitLink href={treeUrl(owner, repo, pinnedSha)} sha={pinnedSha} /> pinned when
          submitted
          {pinnedAt && <When at={pinnedAt} />}
        </CommitLine>
      )}
      {frozenSha && (
        <CommitLine icon={Snowflake}>
          Frozen at the deadline:{' '}
          <CommitLink href={treeUrl(owner, repo, frozenSha)} sha={frozenSha} />
          {frozenAt && <When at={frozenAt} />}
        </CommitLine>
      )}
      {flags.length > 0 && (
        <ul aria-label="Repository flags" className="flex flex-wrap gap-1.5">
          {flags.map(({ label, icon: Icon, variant }) => (
            <li key={label}>
              <Badge variant={variant} className="whitespace-normal">
                <Icon aria-hidden="true" />
                {label}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {pushedAfter.length > 0 && (
        <PushedAfter commits={pushedAfter} total={repository.commitsAfterDeadline} />
      )}
      {showCheckedAt && (
        <p className="text-muted-foreground">
          Checked at <time dateTime={checkedAt}>{formatDateTime(checkedAt)}</time>
        </p>
      )}
    </div>
  )
}

interface Flag {
  label: string
  icon: LucideIcon
  variant: BadgeProps['variant']
}

/** Each flag is a word, never a colour alone; the ones that may touch fairness stand out. */
function repositoryFlags(repository: RepositoryCheck): Flag[] {
  const flags: Flag[] = []
  if (repository.isFork) flags.push({ label: 'Fork', icon: GitFork, variant: 'outline' })
  if (repository.isArchived) flags.push({ label: 'Archived', icon: Archive, variant: 'outline' })
  if (repository.createdBeforeRound) {
    flags.push({
      label: 'Created before the round started',
      icon: CalendarX,
      variant: 'destructive',
    })
  }
  const after = repository.commitsAfterDeadline ?? 0
  if (after > 0) {
    flags.push({
      label: `${after} ${after === 1 ? 'commit' : 'commits'} after the deadline`,
      icon: GitCommitHorizontal,
      variant: 'secondary',
    })
  }
  if (repository.historyRewritten) {
    flags.push({
      label: 'History rewritten after the deadline',
      icon: History,
      variant: 'destructive',
    })
  }
  return flags
}

function CommitLine({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0">{children}</span>
    </p>
  )
}

function CommitLink({ href, sha }: { href: string; sha: string }) {
  return (
    <ExternalLink href={href} className="font-mono">
      {shortSha(sha)}
    </ExternalLink>
  )
}

function When({ at }: { at: string }) {
  return (
    <span className="text-muted-foreground">
      {' '}
      (<time dateTime={at}>{formatDateTime(at)}</time>)
    </span>
  )
}

/**
 * The commits on the default branch after the frozen one. The server may list fewer than it
 * counted (GitHub pages its compare answer), so the summary says how many of how many.
 */
function PushedAfter({
  commits,
  total,
}: {
  commits: RepositoryCheck['pushedAfter']
  total: number | null
}) {
  const count =
    total !== null && total > commits.length ? `${commits.length} of ${total}` : commits.length
  return (
    <details className="group rounded-lg border border-border">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 font-medium hover:bg-accent [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden="true"
          className="size-4 shrink-0 transition-transform group-open:rotate-90"
        />
        Commits pushed after the deadline ({count})
      </summary>
      <ol className="grid gap-2 border-t border-border px-3 py-3">
        {commits.map((commit) => (
          <li key={commit.sha} className="flex min-w-0 flex-wrap items-start gap-x-2 gap-y-0.5">
            <ExternalLink href={commit.url} className="font-mono">
              {shortSha(commit.sha)}
            </ExternalLink>
            {/* The subject line, as GitHub lists commits; the link shows the rest. */}
            <span className="min-w-0 break-words">{commit.message.split('\n', 1)[0]}</span>
          </li>
        ))}
      </ol>
    </details>
  )
}
