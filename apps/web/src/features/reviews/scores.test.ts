import { describe, expect, it } from 'vitest'

import { formatScore, formatTotal, positionOnScale, sharedScale, weightedTotal } from './scores'

const criterion = (id: string, weight: number, scaleMin = 1, scaleMax = 10) => ({
  id,
  weight,
  scaleMin,
  scaleMax,
})

describe('review scores', () => {
  it('finds the scale every criterion shares, and none when they differ', () => {
    expect(sharedScale([criterion('a', 1), criterion('b', 2)])).toEqual({ min: 1, max: 10 })
    expect(sharedScale([criterion('a', 1), criterion('b', 1, 0, 5)])).toBeNull()
    expect(sharedScale([])).toBeNull()
  })

  it('weighs each score by its criterion once every criterion is scored', () => {
    const criteria = [criterion('a', 1), criterion('b', 3)]
    expect(
      weightedTotal(
        criteria,
        new Map([
          ['a', 4],
          ['b', 8],
        ]),
      ),
    ).toBe(7)
    expect(weightedTotal(criteria, new Map([['a', 4]]))).toBeNull()
  })

  it('leaves the total to the server when the criteria use different scales', () => {
    const criteria = [criterion('a', 1), criterion('b', 1, 0, 5)]
    expect(
      weightedTotal(
        criteria,
        new Map([
          ['a', 4],
          ['b', 3],
        ]),
      ),
    ).toBeNull()
  })

  it('writes compared scores with 2 decimals and a single total as short as it can be', () => {
    expect(formatScore(7.5)).toBe('7.50')
    expect(formatScore(7.256)).toBe('7.26')
    expect(formatTotal(7.5)).toBe('7.5')
    expect(formatTotal(8)).toBe('8')
  })

  it('places a score on its scale for the bar, within the ends', () => {
    expect(positionOnScale(5.5, { min: 1, max: 10 })).toBe(0.5)
    expect(positionOnScale(12, { min: 1, max: 10 })).toBe(1)
    expect(positionOnScale(3, { min: 3, max: 3 })).toBe(0)
  })
})
