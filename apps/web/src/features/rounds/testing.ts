import {
  ANSWER_DEFAULT_MB,
  DEFAULT_ANSWER_FILE_TYPES,
  type Round,
  type RoundRequirement,
  type StoredFile,
} from '@hackathon/contract'

import { fixtureId, roundRecord } from '@/test/fixtures'

const uuid = fixtureId

export function storedFileFixture(n: number, overrides: Partial<StoredFile> = {}): StoredFile {
  const id = uuid('a000', n)
  return {
    id,
    name: `template-${n}.pdf`,
    contentType: 'application/pdf',
    size: 2048,
    url: `/api/files/${id}`,
    ...overrides,
  }
}

/** A file requirement with the defaults a new one gets (docs/product/rounds.md#requirements). */
export function requirementFixture(
  id: string,
  description: string,
  overrides: Partial<RoundRequirement> = {},
): RoundRequirement {
  return {
    id,
    description,
    template: null,
    kind: 'file',
    required: true,
    fileTypes: [...DEFAULT_ANSWER_FILE_TYPES],
    maxSizeMb: ANSWER_DEFAULT_MB,
    ...overrides,
  }
}

/** A round as it arrives over JSON; `n` makes the ids and the name unique (and its stage). */
export function roundFixture(n: number, overrides: Partial<Round> = {}): Round {
  return roundRecord(n, {
    status: 'upcoming',
    startTime: '2026-03-01T09:00:00.000Z',
    endTime: '2026-03-15T18:00:00.000Z',
    maxParticipants: 100,
    requirements: [requirementFixture(uuid('9000', n), 'A pitch deck')],
    prizes: ['A trophy'],
    ...overrides,
  })
}

/** `count` requirements, each with its own id and description. */
export function requirementsFixture(count: number): Round['requirements'] {
  return Array.from({ length: count }, (_, i) =>
    requirementFixture(uuid('9100', i + 1), `Requirement text ${i + 1}`),
  )
}
