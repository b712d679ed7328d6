import type { JuryProgress } from '@hackathon/contract'

export interface JuryCard {
  label: 'Total Submissions' | 'Pending Review' | 'Reviewed'
  value: number
  /** What the card counts, shown under it. */
  counts: string
}

/**
 * The jury dashboard's three cards (docs/product/pipeline.md#figures). Total Submissions is every
 * submission (drafts aside), never a status set by hand. Once submissions are assigned to the
 * judge (scoring in use), Pending Review and Reviewed are their own scoring work; until then they
 * split the submissions by whether a decision was made.
 */
export function juryCards({ totals, mine }: JuryProgress): JuryCard[] {
  const total: JuryCard = {
    label: 'Total Submissions',
    value: totals.submissions,
    counts: 'Submissions in every round',
  }
  if (mine)
    return [
      total,
      { label: 'Pending Review', value: mine.pending, counts: 'Assigned to you, not yet scored' },
      { label: 'Reviewed', value: mine.reviewed, counts: 'Assigned to you and scored by you' },
    ]
  return [
    total,
    { label: 'Pending Review', value: totals.pending, counts: 'Waiting for a decision' },
    { label: 'Reviewed', value: totals.reviewed, counts: 'Decided: advanced or not' },
  ]
}
