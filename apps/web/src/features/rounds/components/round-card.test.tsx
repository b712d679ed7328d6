import type { Round } from '@hackathon/contract'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { formatDateTime } from '@/lib/date-time'

import {
  requirementFixture,
  requirementsFixture,
  roundFixture,
  storedFileFixture,
} from '../testing'
import { RoundCard } from './round-card'

const uuid = (n: number) => `00000000-0000-4000-9200-${String(n).padStart(12, '0')}`

function renderCard(round: Round) {
  render(<RoundCard round={round} onEdit={() => {}} onDelete={() => {}} />)
  return within(screen.getByRole('article', { name: round.name }))
}

/** The heading's box: its list and its '+N more' line. */
const section = (card: ReturnType<typeof renderCard>, name: string) =>
  within(card.getByRole('heading', { name }).parentElement!)

describe('a round card', () => {
  it('shows 3 of 4 requirements and 2 of 3 prizes, each with a "+1 more" line', () => {
    const card = renderCard(
      roundFixture(1, {
        requirements: requirementsFixture(4),
        prizes: ['Gold', 'Silver', 'Bronze'],
      }),
    )

    const requirements = section(card, 'Requirements')
    const rule = 'File upload: PDF, PPT, PPTX, DOC, DOCX, up to 10 MB.'
    expect(requirements.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Requirement text 1${rule}`,
      `Requirement text 2${rule}`,
      `Requirement text 3${rule}`,
    ])
    expect(requirements.getByText('+1 more')).toBeTruthy()
    const prizes = section(card, 'Prizes')
    expect(prizes.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Gold', 'Silver'])
    expect(prizes.getByText('+1 more')).toBeTruthy()
  })

  it('has no "more" line with exactly 3 requirements and 2 prizes', () => {
    const card = renderCard(
      roundFixture(1, { requirements: requirementsFixture(3), prizes: ['Gold', 'Silver'] }),
    )

    expect(section(card, 'Requirements').getAllByRole('listitem')).toHaveLength(3)
    expect(section(card, 'Prizes').getAllByRole('listitem')).toHaveLength(2)
    expect(card.queryByText(/more$/)).toBeNull()
  })

  it('shows the status in words, the dates in the viewer’s zone, the limit and template links', () => {
    const template = storedFileFixture(1, { name: 'pitch-deck.pptx' })
    const round = roundFixture(2, {
      status: 'active',
      maxParticipants: 250,
      requirements: [{ ...requirementsFixture(1)[0]!, template }],
    })
    const card = renderCard(round)

    expect(card.getByText('Active')).toBeTruthy()
    expect(card.getByText(formatDateTime(round.startTime!)).getAttribute('datetime')).toBe(
      round.startTime,
    )
    expect(card.getByText(formatDateTime(round.endTime!))).toBeTruthy()
    expect(card.getByText('250')).toBeTruthy()
    expect(
      card.getByRole('link', { name: 'pitch-deck.pptx (template)' }).getAttribute('href'),
    ).toBe(template.url)
    expect(card.getByRole('button', { name: `Actions for ${round.name}` })).toBeTruthy()
  })

  it('shows its stage number, and what each requirement takes and whether it is optional', () => {
    const card = renderCard(
      roundFixture(2, {
        name: 'Prototype',
        position: 2,
        requirements: [
          requirementFixture(uuid(1), 'A video', {
            kind: 'file',
            fileTypes: ['mp4'],
            maxSizeMb: 25,
          }),
          requirementFixture(uuid(2), 'The demo', { kind: 'link', fileTypes: [] }),
          requirementFixture(uuid(3), 'A tagline', { kind: 'text', required: false }),
        ],
      }),
    )

    expect(card.getByText('Stage 2')).toBeTruthy()
    expect(
      section(card, 'Requirements')
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'A videoFile upload: MP4, up to 25 MB.',
      'The demoLink.',
      'A taglineShort text. Optional.',
    ])
  })

  it('shows the server’s warnings about the round, marked as warnings', () => {
    render(
      <RoundCard
        round={roundFixture(3, { name: 'Final' })}
        warnings={[
          {
            roundId: roundFixture(3).id,
            code: 'DATES_OUT_OF_ORDER',
            message:
              'Final (stage 3) starts before Prototype (stage 2) ends. Move its start time or its stage number.',
          },
        ]}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    )
    const card = within(screen.getByRole('article', { name: 'Final' }))

    expect(card.getByText(/starts before Prototype/).closest('li')?.textContent).toBe(
      'Warning: Final (stage 3) starts before Prototype (stage 2) ends. Move its start time or its stage number.',
    )
  })

  it('reads requirements stored as a plain string or a single object by older data', () => {
    const fromString = renderCard(
      roundFixture(3, { requirements: 'Bring a laptop' as unknown as Round['requirements'] }),
    )
    expect(section(fromString, 'Requirements').getByText('Bring a laptop')).toBeTruthy()

    const fromObject = renderCard(
      roundFixture(4, {
        requirements: { description: 'A demo video' } as unknown as Round['requirements'],
      }),
    )
    expect(section(fromObject, 'Requirements').getByText('A demo video')).toBeTruthy()
  })

  it('says so when a round has no limit and no times', () => {
    const card = renderCard(
      roundFixture(5, { maxParticipants: null, startTime: null, endTime: null, prizes: [] }),
    )

    expect(card.getByText('No limit')).toBeTruthy()
    expect(card.getAllByText('Not set')).toHaveLength(2)
    expect(card.getByText('No prizes listed.')).toBeTruthy()
  })
})
