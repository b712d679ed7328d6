import type { Applicant } from '@hackathon/contract'
import { describe, expect, it } from 'vitest'

import { juryCounts } from './jury-counts'

const applicant = (reviewedAt: string | null) => ({ reviewedAt }) as Applicant

describe('the jury counts (SPEC.md section 9)', () => {
  it('take the total from the server and split the first 50 by review time', () => {
    const applicants = [
      ...Array.from({ length: 18 }, () => applicant('2026-03-01T10:00:00.000Z')),
      ...Array.from({ length: 32 }, () => applicant(null)),
    ]
    expect(juryCounts({ applicants, total: 73, totalPages: 2 })).toEqual({
      total: 73,
      pending: 32,
      reviewed: 18,
      sampled: 50,
    })
  })

  it('are all zero with nothing submitted', () => {
    expect(juryCounts({ applicants: [], total: 0, totalPages: 0 })).toEqual({
      total: 0,
      pending: 0,
      reviewed: 0,
      sampled: 0,
    })
  })
})
