import { describe, expect, it } from 'vitest'

import { stageTitle } from './stage-title'

describe('a round’s title in the stage order', () => {
  it.each([
    [{ name: 'Prototype', position: 2 }, 'Stage 2: Prototype'],
    [{ name: 'Stage 4: Change Makers', position: 4 }, 'Stage 4: Change Makers'],
    [{ name: 'stage 4 - live final', position: 4 }, 'stage 4 - live final'],
    // A name that says another stage than its place is not trusted: the place is added.
    [{ name: 'Stage 1: Ideas', position: 2 }, 'Stage 2: Stage 1: Ideas'],
    [{ name: 'Stage 10 finals', position: 1 }, 'Stage 1: Stage 10 finals'],
  ])('%o reads as %s', (round, title) => {
    expect(stageTitle(round)).toBe(title)
  })
})
