import { render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'

import { axeViolations } from '@/test/axe'

import { registrationDays } from '../../testing'
import { FunnelChart } from './funnel-chart'
import { RegistrationsChart, scaleTop } from './registrations-chart'

/** The charts sit in a page's main landmark, as on the dashboard. */
const Main = ({ children }: { children: ReactNode }) => <main>{children}</main>

const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.children, (cell) => cell.textContent))

describe('the registrations chart', () => {
  it('sums up the days in words and lists every day in its table', async () => {
    const days = registrationDays('2026-03-10', [5, ...Array<number>(26).fill(0), 4, 12, 3])
    render(<RegistrationsChart days={days} />, { wrapper: Main })

    expect(
      screen.getByText(/^24 registrations in the last 30 days; the most on/).textContent,
    ).toMatch(/with 12\.$/)
    const rows = tableRows(screen.getByRole('table'))
    expect(rows).toHaveLength(31)
    expect(rows[0]).toEqual(['Date', 'Registrations'])
    expect(rows.at(-1)?.[1]).toBe('3')
    expect(
      screen
        .getByRole('table')
        .querySelectorAll('th[scope="row"] time')[29]
        ?.getAttribute('datetime'),
    ).toBe('2026-03-10')
    // One bar a day, hidden from assistive technology, which reads the table instead.
    const drawing = document.querySelector('svg')
    expect(drawing?.closest('[aria-hidden="true"]')).toBeTruthy()
    expect(drawing?.querySelectorAll('rect')).toHaveLength(30)
    expect(await axeViolations()).toEqual([])
  })

  it('says so when nobody registered', () => {
    render(<RegistrationsChart days={registrationDays('2026-03-10')} />)

    expect(screen.getByText('No registrations in the last 30 days.')).toBeTruthy()
  })

  it('scales to a round top: 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 12, 40, 51, 100, 101].map(scaleTop)).toEqual([
      1, 1, 2, 5, 10, 20, 50, 100, 100, 200,
    ])
  })
})

describe('the stage funnel', () => {
  it('draws each round’s four steps and lists them in its table', async () => {
    render(
      <FunnelChart
        rounds={[
          {
            roundId: '00000000-0000-4000-8000-000000000001',
            roundName: 'Preliminary Ideas Submission Round',
            registered: 1200,
            submitted: 400,
            selected: 90,
            confirmed: 80,
          },
        ]}
      />,
      { wrapper: Main },
    )

    expect(tableRows(screen.getByRole('table'))).toEqual([
      ['Round', 'Registered', 'Submitted', 'Selected', 'Confirmed'],
      ['Preliminary Ideas Submission Round', '1,200', '400', '90', '80'],
    ])
    // Each step is named beside its bar, so the colours only add to the words.
    const drawing = screen.getByText('Preliminary Ideas Submission Round', { selector: 'p' })
    expect(drawing.closest('[aria-hidden="true"]')?.textContent).toContain(
      'Registered1,200Submitted400Selected90Confirmed80',
    )
    expect(await axeViolations()).toEqual([])
  })

  it('says so when there are no rounds', () => {
    render(<FunnelChart rounds={[]} />)

    expect(screen.getByText('The funnel appears once a round exists.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
