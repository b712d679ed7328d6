import { describe, expect, it } from 'vitest'

import { fileNameFrom } from './download'

describe('the name of a downloaded template', () => {
  it('prefers the UTF-8 name, then the plain one', () => {
    expect(
      fileNameFrom(
        `attachment; filename="Pitch_deck.pptx"; filename*=UTF-8''Pitch%20d%C3%A9ck.pptx`,
      ),
    ).toBe('Pitch déck.pptx')
    expect(fileNameFrom('attachment; filename="brief.pdf"')).toBe('brief.pdf')
    expect(fileNameFrom('attachment; filename=brief.pdf')).toBe('brief.pdf')
  })

  it('has none when the answer names no file', () => {
    expect(fileNameFrom(null)).toBeNull()
    expect(fileNameFrom('inline')).toBeNull()
  })
})
