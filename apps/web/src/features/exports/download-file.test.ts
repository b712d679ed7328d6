import { describe, expect, it } from 'vitest'

import { fileNameFrom } from '@/lib/download'

describe('the name of an exported file', () => {
  it('is the one the server gives, the UTF-8 one first', () => {
    expect(fileNameFrom('attachment; filename="applicants_export_2026-03-01.csv"')).toBe(
      'applicants_export_2026-03-01.csv',
    )
    expect(
      fileNameFrom(`attachment; filename="r.xlsx"; filename*=UTF-8''rounds%20export.xlsx`),
    ).toBe('rounds export.xlsx')
  })

  it('is none when the answer names no file', () => {
    expect(fileNameFrom(null)).toBeNull()
    expect(fileNameFrom('attachment')).toBeNull()
  })
})
