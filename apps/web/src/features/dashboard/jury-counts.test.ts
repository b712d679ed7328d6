import { describe, expect, it } from 'vitest'

import { juryCards } from './jury-counts'

const totals = { submissions: 5, pending: 5, reviewed: 0 }

describe('the jury cards (docs/product/pipeline.md#figures)', () => {
  it("count the judge's own scoring of their assigned submissions once scoring is in use", () => {
    expect(juryCards({ totals, mine: { assigned: 5, pending: 3, reviewed: 2 } })).toEqual([
      { label: 'Total Submissions', value: 5, counts: 'Submissions in every round' },
      { label: 'Pending Review', value: 3, counts: 'Assigned to you, not yet scored' },
      { label: 'Reviewed', value: 2, counts: 'Assigned to you and scored by you' },
    ])
  })

  it('split the submissions by decision while nothing is assigned to the judge', () => {
    expect(
      juryCards({ totals: { submissions: 7, pending: 4, reviewed: 3 }, mine: null }).map((card) => [
        card.label,
        card.value,
      ]),
    ).toEqual([
      ['Total Submissions', 7],
      ['Pending Review', 4],
      ['Reviewed', 3],
    ])
  })
})
