import type { Round } from '@hackathon/contract'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { formatDateTime } from '@/lib/date-time'

import { requirementsFixture, roundFixture, storedFileFixture } from '../testing'
import { RoundCard } from './round-card'

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
    expect(requirements.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Requirement text 1',
      'Requirement text 2',
      'Requirement text 3',
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
