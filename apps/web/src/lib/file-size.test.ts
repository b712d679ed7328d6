import { describe, expect, it } from 'vitest'

import { formatFileSize } from './file-size'

describe('a file size as people read it', () => {
  it.each([
    [1, '1 byte'],
    [512, '512 bytes'],
    [1024, '1 KB'],
    [340 * 1024 + 100, '340 KB'],
    [1.24 * 1024 * 1024, '1.2 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [24.6 * 1024 * 1024, '25 MB'],
  ])('reads %i bytes as "%s"', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text)
  })
})
