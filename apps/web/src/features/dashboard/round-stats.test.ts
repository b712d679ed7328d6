import { describe, expect, it } from 'vitest'

import { dashboardStatus, recordedStats, roundProgress, roundStatCards } from './round-stats'
import { dashboardRound } from './testing'

const show = (cards: ReturnType<typeof roundStatCards>) =>
  cards.map(({ label, value, estimated }) =>
    estimated ? `${label}: ${value} (estimated)` : `${label}: ${value}`,
  )
/** A round without pipeline records (stage stats leave it out). */
const cards = (...args: Parameters<typeof dashboardRound>) =>
  show(roundStatCards(dashboardRound(...args), null))

describe('the stat cards of a round (docs/product/pipeline.md#figures)', () => {
  it('shows a stage-1 round its ideas, or its submissions when the server has no ideas count', () => {
    expect(
      cards(1, {
        name: 'Preliminary Ideas Submission Round',
        currentParticipants: 120,
        totalColleges: 14,
        submissionCount: 80,
        ideasSubmitted: 95,
      }),
    ).toEqual(['Participants: 120', 'Colleges: 14', 'Ideas Submitted: 95'])
    expect(
      cards(1, {
        name: 'Stage 1',
        currentParticipants: 120,
        totalColleges: 14,
        submissionCount: 80,
      }),
    ).toEqual(['Participants: 120', 'Colleges: 14', 'Ideas Submitted: 80'])
  })

  it('falls back to 70%, 50% and 30% of the participants, rounded down, for stages 2 to 4', () => {
    const common = { currentParticipants: 99, totalColleges: 20 }
    expect(cards(2, { name: 'Prototype Submission and Selection Round', ...common })[2]).toBe(
      'Prototypes Approved: 69 (estimated)',
    )
    expect(cards(3, { name: 'Project Submission and Selection Round', ...common })[2]).toBe(
      'Projects Approved: 49 (estimated)',
    )
    expect(cards(4, { name: 'Change Makers and Innovators', ...common })[2]).toBe(
      'Solutions to be Built: 29 (estimated)',
    )
  })

  it('prefers the server’s counts, zero included, to the fallbacks', () => {
    const common = { currentParticipants: 99, totalColleges: 20 }
    expect(cards(2, { name: 'stage 2', prototypesApproved: 0, ...common })[2]).toBe(
      'Prototypes Approved: 0',
    )
    expect(cards(3, { name: 'Final project', projectsApproved: 12, ...common })[2]).toBe(
      'Projects Approved: 12',
    )
    expect(cards(4, { name: 'Innovators', solutionsToBeBuilt: 7, ...common })[2]).toBe(
      'Solutions to be Built: 7',
    )
  })

  it('counts invitees, not participants, in a stage-4 round', () => {
    expect(
      cards(4, {
        name: 'Stage 4: the live hack',
        currentParticipants: 40,
        totalInvitees: 25,
        totalColleges: 9,
        solutionsToBeBuilt: 6,
      }),
    ).toEqual(['Invitees: 25', 'Colleges: 9', 'Solutions to be Built: 6'])
    // Without an invitee figure, the people taking part in the round are who was invited.
    expect(cards(4, { name: 'Change Makers', currentParticipants: 40, totalColleges: 9 })[0]).toBe(
      'Invitees: 40',
    )
  })

  it('estimates the colleges as a third of the participants, rounded up, when none are counted', () => {
    expect(cards(1, { name: 'Stage 1', currentParticipants: 100 })[1]).toBe(
      'Colleges: 34 (estimated)',
    )
    // Nobody yet: nothing to estimate.
    expect(cards(1, { name: 'Stage 1', currentParticipants: 0 })[1]).toBe('Colleges: 0')
    expect(cards(2, { name: 'Prototype', currentParticipants: 0 })[2]).toBe(
      'Prototypes Approved: 0',
    )
  })

  it('counts a round with pipeline records: its colleges as counted, its approved as advanced', () => {
    const round = dashboardRound(2, {
      name: 'Prototype Submission and Selection Round',
      currentParticipants: 99,
      totalColleges: 0,
    })
    const recorded = { stageId: round.id, submissions: 60, selections: 10 }
    expect(show(roundStatCards(round, recorded))).toEqual([
      'Participants: 99',
      'Colleges: 0',
      'Prototypes Approved: 10',
    ])
    const final = dashboardRound(4, { name: 'Change Makers', currentParticipants: 12 })
    expect(
      show(roundStatCards(final, { stageId: final.id, submissions: 0, selections: 0 }))[2],
    ).toBe('Solutions to be Built: 0')
  })

  it('prefers the organizer’s reported figure to the records', () => {
    const round = dashboardRound(3, { name: 'Project round', projectsApproved: 12 })
    expect(
      show(roundStatCards(round, { stageId: round.id, submissions: 30, selections: 10 }))[2],
    ).toBe('Projects Approved: 12')
  })

  it('estimates when it is not known whether the round has records', () => {
    const round = dashboardRound(2, { name: 'Prototype', currentParticipants: 10 })
    expect(show(roundStatCards(round))).toEqual([
      'Participants: 10',
      'Colleges: 4 (estimated)',
      'Prototypes Approved: 7 (estimated)',
    ])
  })

  it('shows the submissions of a round whose name names no stage', () => {
    expect(
      cards(5, {
        name: 'Orientation week',
        currentParticipants: 30,
        totalColleges: 4,
        submissionCount: 11,
        prototypesApproved: 3,
      }),
    ).toEqual(['Participants: 30', 'Colleges: 4', 'Submissions: 11'])
  })
})

describe('a round’s status on the dashboard (docs/product/dashboard.md)', () => {
  it('is Active or Completed, and Inactive for anything else', () => {
    expect(dashboardStatus('active')).toBe('Active')
    expect(dashboardStatus('completed')).toBe('Completed')
    expect(dashboardStatus('upcoming')).toBe('Inactive')
    expect(dashboardStatus('paused')).toBe('Inactive')
  })
})

describe('a round’s progress', () => {
  const round = dashboardRound(1)
  it('is the round’s stage stats, and the qualified share of its submissions', () => {
    expect(
      roundProgress(round.id, [
        { stageId: dashboardRound(2).id, submissions: 9, selections: 9 },
        { stageId: round.id, submissions: 40, selections: 10 },
      ]),
    ).toEqual({ submissions: 40, qualified: 10, percent: 25 })
    expect(roundProgress(round.id, [{ stageId: round.id, submissions: 3, selections: 2 }])).toEqual(
      { submissions: 3, qualified: 2, percent: 67 },
    )
  })

  it('is zero for a round without stats or without submissions', () => {
    expect(roundProgress(round.id, [])).toEqual({ submissions: 0, qualified: 0, percent: 0 })
    expect(roundProgress(round.id, [{ stageId: round.id, submissions: 0, selections: 0 }])).toEqual(
      { submissions: 0, qualified: 0, percent: 0 },
    )
  })
})

describe('which rounds have records', () => {
  it('is the rounds the stage stats list; any other has none', () => {
    const stat = { stageId: dashboardRound(1).id, submissions: 4, selections: 1 }
    expect(recordedStats(dashboardRound(1).id, [stat])).toBe(stat)
    expect(recordedStats(dashboardRound(2).id, [stat])).toBeNull()
  })
})
