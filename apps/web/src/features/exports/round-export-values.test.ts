import { describe, expect, it } from 'vitest'

import { ROUND_EXPORT_DEFAULTS, toRoundExportRequest } from './round-export-values'

describe('the rounds export request', () => {
  it('asks for every stage and no metric when nothing is chosen', () => {
    expect(toRoundExportRequest(ROUND_EXPORT_DEFAULTS)).toEqual({
      filters: { stageName: 'all' },
      metrics: {
        totalParticipants: false,
        totalColleges: false,
        ideasSubmitted: false,
        prototypesApproved: false,
        projectsApproved: false,
        totalInvitees: false,
        solutionsToBeBuilt: false,
      },
    })
  })

  it('carries the dates, the stage and the chosen metrics', () => {
    const request = toRoundExportRequest({
      fromDate: '2026-03-01',
      toDate: '2026-04-30',
      stageName: 'stage2',
      metrics: { ...ROUND_EXPORT_DEFAULTS.metrics, totalColleges: true, totalInvitees: true },
    })

    expect(request.filters).toEqual({
      fromDate: '2026-03-01',
      toDate: '2026-04-30',
      stageName: 'stage2',
    })
    expect(request.metrics).toMatchObject({
      totalParticipants: false,
      totalColleges: true,
      totalInvitees: true,
    })
  })
})
