import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { ActivityItem, DashboardCharts, Round, StageStats } from '@hackathon/contract'
import { dismissToast } from '@/components/ui/use-toast'
import { activityFixture, dashboardRound, registrationDays } from '@/features/dashboard/testing'
import { useLiveUpdates } from '@/lib/live-updates'
import { axeViolations } from '@/test/axe'
import { fakeEventSources } from '@/test/fake-event-source'
import { errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'

import AdminDashboardPage from './admin-dashboard-page'

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

interface DashboardData {
  rounds?: Round[]
  stages?: StageStats['stages']
  activity?: ActivityItem[]
  charts?: DashboardCharts
}

/** The dashboard's four calls answer `data` (empty by default); `handlers` add or replace calls. */
function dashboardApi(data: DashboardData = {}, handlers: Record<string, Handler> = {}) {
  const {
    rounds = [],
    stages = [],
    activity = [],
    charts = { registrationsPerDay: registrationDays('2026-03-10'), funnel: [] },
  } = data
  return stubApi({
    'GET /api/rounds': () => Response.json({ rounds }),
    'GET /api/stage-stats': () => Response.json({ stages }),
    'GET /api/recent-activity': () => Response.json(activity),
    'GET /api/dashboard-charts': () => Response.json(charts),
    ...handlers,
  })
}

function renderDashboard(path = '/') {
  return renderWithApp(<AdminDashboardPage />, { path, user: userWithRole('admin') })
}

function openModal() {
  fireEvent.click(screen.getByRole('button', { name: 'New Registration' }))
  return within(screen.getByRole('dialog', { name: 'New Registration' }))
}

function fillIn(dialog: ReturnType<typeof openModal>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(dialog.getByLabelText(label), { target: { value } })
  }
}

const VALID = {
  'Full Name': 'Mary Jackson',
  'Email Address': 'mary@example.org',
  'Mobile Number': '9876501234',
  'Student ID': 'STU-5',
  'College Name': 'Hampton Institute',
  Course: 'Mechanical Engineering',
  'Year of Graduation': '2025',
}

describe('the admin dashboard', () => {
  it('registers an applicant from the New Registration modal', async () => {
    const fetchMock = dashboardApi(
      {},
      {
        'POST /api/register': () =>
          Response.json({ registrationId: 'HACK-2026-0042' }, { status: 201 }),
      },
    )
    renderWithApp(<AdminDashboardPage />, { user: userWithRole('admin') })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard')

    const dialog = openModal()
    const courses = dialog.getByLabelText('Course') as HTMLSelectElement
    expect(Array.from(courses.options, (o) => o.value).filter(Boolean)).toEqual([
      'Computer Science Engineering',
      'Information Technology',
      'Electronics and Communication',
      'Mechanical Engineering',
    ])
    const years = dialog.getByLabelText('Year of Graduation') as HTMLSelectElement
    expect(Array.from(years.options, (o) => o.value).filter(Boolean)).toEqual([
      '2024',
      '2025',
      '2026',
      '2027',
    ])

    fireEvent.click(dialog.getByRole('button', { name: 'Register' }))
    expect(await dialog.findByText('Name must be at least 2 characters')).toBeTruthy()
    expect(dialog.getByText('College name is required')).toBeTruthy()
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
    expect(posts()).toEqual([])

    fillIn(dialog, VALID)
    fireEvent.click(dialog.getByRole('button', { name: 'Register' }))

    expect(await screen.findByText('Registration Successful')).toBeTruthy()
    expect(screen.getByText(/HACK-2026-0042/)).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({
      name: 'Mary Jackson',
      email: 'mary@example.org',
      mobile: '9876501234',
      studentId: 'STU-5',
      collegeName: 'Hampton Institute',
      course: 'Mechanical Engineering',
      yearOfGraduation: '2025',
    })
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New Registration' })),
    )
  })

  it('says "Registration Failed" with the server message, and keeps the form', async () => {
    dashboardApi(
      {},
      {
        'POST /api/register': () =>
          errorResponse(409, 'An applicant with this email address is already registered'),
      },
    )
    renderWithApp(<AdminDashboardPage />, { user: userWithRole('admin') })

    const dialog = openModal()
    fillIn(dialog, VALID)
    fireEvent.click(dialog.getByRole('button', { name: 'Register' }))

    expect(await screen.findByText('Registration Failed')).toBeTruthy()
    expect(
      screen.getByText('An applicant with this email address is already registered'),
    ).toBeTruthy()
    expect((dialog.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Mary Jackson')
  })
})

const NOW = Date.parse('2026-03-10T12:00:00Z')

const ROUNDS = [
  dashboardRound(1, {
    name: 'Preliminary Ideas Submission Round',
    status: 'completed',
    currentParticipants: 120,
    totalColleges: 14,
    submissionCount: 80,
  }),
  // Counted from its pipeline records: 99 with a record, from 31 colleges.
  dashboardRound(2, {
    name: 'Prototype Submission and Selection Round',
    status: 'active',
    currentParticipants: 99,
    totalColleges: 31,
  }),
  // No records yet, only the participants the organizer reported: estimates.
  dashboardRound(3, {
    name: 'Project Submission and Selection Round',
    status: 'upcoming',
    currentParticipants: 60,
  }),
  dashboardRound(4, {
    name: 'Change Makers and Innovators',
    status: 'upcoming',
    totalInvitees: 25,
    totalColleges: 9,
    solutionsToBeBuilt: 6,
  }),
]
const [ROUND_1, ROUND_2, ROUND_3, ROUND_4] = ROUNDS as [Round, Round, Round, Round]

const STAGES: StageStats['stages'] = [
  { stageId: ROUND_1.id, submissions: 80, selections: 30 },
  { stageId: ROUND_2.id, submissions: 50, selections: 10 },
]

const ACTIVITY = [
  activityFixture(1, NOW, 0.2, { name: 'Mary Jackson', action: 'registered for the hackathon' }),
  activityFixture(2, NOW, 5, {
    type: 'submission',
    name: 'Katherine Johnson',
    action: 'submitted to Prototype Submission and Selection Round',
  }),
  activityFixture(3, NOW, 120, {
    type: 'selection',
    name: 'Dorothy Vaughan',
    action: 'was selected',
  }),
  activityFixture(4, NOW, 3 * 24 * 60, {
    name: 'Alan Turing',
    action: 'registered for the hackathon',
  }),
]

const CHARTS: DashboardCharts = {
  registrationsPerDay: registrationDays('2026-03-10', [...Array<number>(27).fill(0), 4, 12, 3]),
  funnel: [
    {
      roundId: ROUND_1.id,
      roundName: ROUND_1.name,
      registered: 300,
      submitted: 80,
      selected: 30,
      confirmed: 25,
    },
    {
      roundId: ROUND_2.id,
      roundName: ROUND_2.name,
      registered: 300,
      submitted: 50,
      selected: 10,
      confirmed: 0,
    },
  ],
}

const FULL: DashboardData = { rounds: ROUNDS, stages: STAGES, activity: ACTIVITY, charts: CHARTS }

/** A round's stat cards as 'Label: value', an estimate marked as such. */
function statCards(roundName: string): string[] {
  const article = screen.getByRole('article', { name: roundName })
  return Array.from(article.querySelectorAll('dt'), (dt) => {
    const value = dt.nextElementSibling?.textContent ?? ''
    return `${dt.textContent}: ${value.replace(/estimated$/, ' (estimated)')}`
  })
}

/** Relative times read the clock: only Date is faked, so the page's timers still run. */
function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
}

describe('the admin dashboard’s figures', () => {
  it('shows each round in stage order with its status badge and its three stat cards', async () => {
    dashboardApi(FULL)
    renderDashboard()

    expect(await screen.findByRole('article', { name: ROUND_1.name })).toBeTruthy()
    expect(
      within(screen.getByRole('region', { name: 'Competition Rounds' }))
        .getAllByRole('article')
        .map((article) => article.querySelector('h3')?.textContent),
    ).toEqual([ROUND_1.name, ROUND_2.name, ROUND_3.name, ROUND_4.name])

    expect(statCards(ROUND_1.name)).toEqual([
      'Participants: 120',
      'Colleges: 14',
      'Ideas Submitted: 80',
    ])
    // Records in the pipeline: counted figures, the approved being those advanced.
    expect(statCards(ROUND_2.name)).toEqual([
      'Participants: 99',
      'Colleges: 31',
      'Prototypes Approved: 10',
    ])
    // No records and no counts: the fallbacks of docs/product/pipeline.md#figures.
    expect(statCards(ROUND_3.name)).toEqual([
      'Participants: 60',
      'Colleges: 20 (estimated)',
      'Projects Approved: 30 (estimated)',
    ])
    expect(statCards(ROUND_4.name)).toEqual([
      'Invitees: 25',
      'Colleges: 9',
      'Solutions to be Built: 6',
    ])

    const badge = (name: string) =>
      within(screen.getByRole('article', { name })).getByText(/^(Active|Completed|Inactive)$/)
        .textContent
    expect([ROUND_1, ROUND_2, ROUND_3, ROUND_4].map((round) => badge(round.name))).toEqual([
      'Completed',
      'Active',
      'Inactive',
      'Inactive',
    ])
  })

  it('lists Round Progress: submissions, qualified and status per round, with a bar', async () => {
    dashboardApi(FULL)
    renderDashboard()

    const progress = await screen.findByRole('region', { name: 'Round Progress' })
    await within(progress).findAllByRole('progressbar')
    const rows = within(progress)
      .getAllByRole('listitem')
      .map((item) => {
        const bar = within(item).getByRole('progressbar')
        return [
          item.querySelector('span')?.textContent,
          within(item).getByText(/^(Active|Completed|Inactive)$/).textContent,
          bar.getAttribute('aria-valuenow'),
          bar.getAttribute('aria-valuetext'),
        ]
      })
    expect(rows).toEqual([
      [ROUND_1.name, 'Completed', '38', '30 of 80 qualified (38%)'],
      [ROUND_2.name, 'Active', '20', '10 of 50 qualified (20%)'],
      // No stats for the rounds yet: nothing submitted.
      [ROUND_3.name, 'Inactive', '0', '0 of 0 qualified (0%)'],
      [ROUND_4.name, 'Inactive', '0', '0 of 0 qualified (0%)'],
    ])
    expect(
      within(progress).getByRole('progressbar', {
        name: `${ROUND_2.name}: qualified of submissions`,
      }),
    ).toBeTruthy()
  })

  it('lists Recent Activity with who did what and how long ago', async () => {
    freezeClock()
    dashboardApi(FULL)
    renderDashboard()

    const activity = await screen.findByRole('region', { name: 'Recent Activity' })
    await within(activity).findByText('Mary Jackson')
    expect(
      within(activity)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Mary Jackson registered for the hackathonjust now',
      'Katherine Johnson submitted to Prototype Submission and Selection Round5 minutes ago',
      'Dorothy Vaughan was selected2 hours ago',
      'Alan Turing registered for the hackathon3 days ago',
    ])
    const time = within(activity).getByText('5 minutes ago')
    expect(time.tagName).toBe('TIME')
    expect(time.getAttribute('dateTime')).toBe(ACTIVITY[1]?.timestamp)
  })

  it('says No Competition Rounds, with a Create First Round button that goes nowhere', async () => {
    const fetchMock = dashboardApi()
    const { location } = renderDashboard()

    expect(await screen.findByRole('heading', { name: 'No Competition Rounds' })).toBeTruthy()
    expect(await screen.findByText('No recent activity found')).toBeTruthy()
    // Nothing to show progress for.
    expect(screen.queryByRole('region', { name: 'Round Progress' })).toBeNull()

    const calls = fetchMock.mock.calls.length
    const create = screen.getByRole('button', { name: 'Create First Round' })
    expect(create.getAttribute('aria-describedby')).toBeTruthy()
    fireEvent.click(create)
    expect(location.history).toEqual(['/'])
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(fetchMock.mock.calls.length).toBe(calls)
  })

  it('shows a failed section’s error with Try again, and the rest of the page as usual', async () => {
    let activityAnswers = 0
    dashboardApi(FULL, {
      'GET /api/recent-activity': () =>
        ++activityAnswers === 1
          ? errorResponse(500, 'The activity log is unavailable')
          : Response.json(ACTIVITY),
    })
    renderDashboard()

    const activity = await screen.findByRole('region', { name: 'Recent Activity' })
    const alert = await within(activity).findByRole('alert')
    expect(alert.textContent).toContain('The activity log is unavailable')
    expect(await screen.findByRole('article', { name: ROUND_1.name })).toBeTruthy()

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await within(activity).findByText('Mary Jackson')).toBeTruthy()
    expect(within(activity).queryByRole('alert')).toBeNull()
  })

  it('draws both charts with a table behind Show as table', async () => {
    dashboardApi(FULL)
    renderDashboard()

    const registrations = await screen.findByRole('region', { name: 'Registrations per Day' })
    expect(within(registrations).getByText(/^19 registrations in the last 30 days/)).toBeTruthy()
    const registrationTable = within(registrations).getByRole('table')
    expect(within(registrationTable).getAllByRole('row')).toHaveLength(31)

    const funnel = screen.getByRole('region', { name: 'Stage Funnel' })
    fireEvent.click(within(funnel).getByText('Show as table'))
    const rows = within(within(funnel).getByRole('table'))
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent))
    expect(rows).toEqual([
      ['Round', 'Registered', 'Submitted', 'Selected', 'Confirmed'],
      [ROUND_1.name, '300', '80', '30', '25'],
      [ROUND_2.name, '300', '50', '10', '0'],
    ])
  })

  it('updates when the server says something changed, refetching only what the change touched', async () => {
    freezeClock()
    let activity = ACTIVITY.slice(1)
    const fetchMock = dashboardApi(FULL, {
      'GET /api/recent-activity': () => Response.json(activity),
    })
    const sources = fakeEventSources()
    function LiveUpdates() {
      useLiveUpdates({ EventSourceImpl: sources.EventSourceImpl })
      return null
    }
    renderWithApp(
      <>
        <AdminDashboardPage />
        <LiveUpdates />
      </>,
      { user: userWithRole('admin') },
    )
    const region = await screen.findByRole('region', { name: 'Recent Activity' })
    await within(region).findByText('Katherine Johnson')
    await screen.findByRole('region', { name: 'Registrations per Day' })
    const calls = (path: string) =>
      fetchMock.mock.calls.filter(([url]) => String(url) === path).length
    expect(calls('/api/rounds')).toBe(1)

    activity = ACTIVITY
    act(() => {
      sources.last().open()
      sources.last().change({ topic: 'activity' })
    })

    expect(await within(region).findByText('Mary Jackson')).toBeTruthy()
    expect(calls('/api/recent-activity')).toBe(2)
    expect(calls('/api/rounds')).toBe(1)
    expect(calls('/api/stage-stats')).toBe(1)
    expect(calls('/api/dashboard-charts')).toBe(1)
  })

  it('passes axe, with every section loaded and a table open', async () => {
    freezeClock()
    dashboardApi(FULL)
    renderDashboard()

    await screen.findByRole('region', { name: 'Registrations per Day' })
    await screen.findAllByRole('progressbar')
    await screen.findByText('Mary Jackson')
    fireEvent.click(screen.getAllByText('Show as table')[0]!)

    expect(await axeViolations()).toEqual([])
  })

  it('passes axe with no rounds and no activity', async () => {
    dashboardApi()
    renderDashboard()

    await screen.findByText('No Competition Rounds')
    await screen.findByText('No recent activity found')
    await screen.findByRole('region', { name: 'Registrations per Day' })

    expect(await axeViolations()).toEqual([])
  })
})
