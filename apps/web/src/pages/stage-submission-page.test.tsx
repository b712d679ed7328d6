import { SUBMISSION_MESSAGES, type ApplicantRound, type StageDocument } from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route } from 'wouter'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import {
  applicantSubmissionFixture,
  documentFixture,
  signInApplicant,
  stageFixture,
  TOKEN,
} from '@/features/submissions/testing'
import { formatDateTime, viewerTimeZone } from '@/lib/date-time'
import { errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp } from '@/test/render'

import StageSubmissionPage from './stage-submission-page'

const STAGE = stageFixture()

function renderStage({
  stage = STAGE,
  documents = [documentFixture(1)],
  submissions = [],
  handlers = {},
  path = `/applicant/submit/${stage.id}`,
}: {
  stage?: ApplicantRound
  documents?: StageDocument[]
  submissions?: unknown[]
  handlers?: Record<string, Handler>
  path?: string
} = {}) {
  const fetchMock = stubApi({
    'GET /api/applicant/rounds': () => Response.json({ rounds: [stage] }),
    [`GET /api/applicant/documents/${stage.id}`]: () => Response.json({ documents }),
    'GET /api/applicant/my-submissions': () => Response.json({ submissions }),
    ...handlers,
  })
  const rendered = renderWithApp(
    <Route path="/applicant/submit/:stageId" component={StageSubmissionPage} />,
    { path },
  )
  return { fetchMock, ...rendered }
}

/** The toast region: it mounts with the lazily loaded toaster (app/deferred-toaster.tsx). */
const notices = async () => within(await screen.findByRole('region', { name: /Notifications/ }))
const urlField = () => screen.getByLabelText('GitHub Repository URL') as HTMLInputElement
const typeUrl = (value: string) => fireEvent.change(urlField(), { target: { value } })
const submitButton = () => screen.getByRole('button', { name: /^(Submit|Update Submission)$/ })
const stageLoaded = () => screen.findByRole('heading', { level: 1, name: STAGE.name })

function callsTo(fetchMock: ReturnType<typeof stubApi>, key: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key,
  )
}

afterEach(() => {
  act(() => dismissToast())
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the stage submission page', () => {
  it('sends a visitor without a stored token to the login page', () => {
    const { fetchMock, location } = renderStage()

    expect(location.history).toEqual(['/applicant/login'])
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows the stage, the time left and the deadline in the viewer’s time zone', async () => {
    signInApplicant()
    const { fetchMock } = renderStage()

    await stageLoaded()
    expect(screen.getByText(STAGE.description)).toBeTruthy()
    expect(screen.getByText('2 days 3 hours left')).toBeTruthy()
    expect(screen.getByText(formatDateTime(STAGE.endTime!))).toBeTruthy()
    expect(screen.getByText(new RegExp(`\\(${viewerTimeZone()}\\)`))).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: /Document 1/ })).toBeTruthy()
    expect(submitButton().textContent).toBe('Submit')
    for (const [, init] of fetchMock.mock.calls) {
      expect(init?.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` })
    }
  })

  it('says the URL is required, then that it must be a GitHub repository, and sends nothing', async () => {
    signInApplicant()
    const { fetchMock } = renderStage()
    await stageLoaded()

    fireEvent.click(submitButton())
    expect(screen.getByText(SUBMISSION_MESSAGES.urlRequired)).toBeTruthy()
    expect(urlField().getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(urlField())

    typeUrl('https://gitlab.com/asha/prototype')
    expect(
      screen.getByText(
        'Please enter a valid GitHub repository URL (e.g., https://github.com/username/repository)',
      ),
    ).toBeTruthy()

    typeUrl('https://github.com/asha/prototype/')
    expect(urlField().getAttribute('aria-invalid')).toBeNull()
    expect(callsTo(fetchMock, 'POST /api/applicant/submit-stage')).toHaveLength(0)
  })

  it.each([
    [
      'expired',
      { endTime: new Date(Date.now() - 60_000).toISOString() },
      'Stage Expired',
      SUBMISSION_MESSAGES.expired,
    ],
    ['inactive', { status: 'completed' }, 'Stage Inactive', SUBMISSION_MESSAGES.inactive],
    ['locked', { locked: true }, 'Stage Locked', /once you are selected/],
  ] as const)(
    'disables the form of an %s stage and says why',
    async (_, overrides, title, text) => {
      signInApplicant()
      const documents = [documentFixture(1, { fileUrl: '/api/files/template-1' })]
      renderStage({ stage: stageFixture(overrides), documents })
      await stageLoaded()

      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy()
      expect(screen.getByText(text)).toBeTruthy()
      expect(urlField().disabled).toBe(true)
      expect(
        (screen.getByRole('checkbox', { name: /Document 1/ }) as HTMLInputElement).disabled,
      ).toBe(true)
      expect((submitButton() as HTMLButtonElement).disabled).toBe(true)
      expect(screen.queryByText(/left$/)).toBeNull()
      // Reading a template is not editing: it stays available.
      expect(
        (screen.getByRole('button', { name: /Download template/ }) as HTMLButtonElement).disabled,
      ).toBe(false)
    },
  )

  it('shows the Stage Not Found page for a stage the applicant cannot see', async () => {
    signInApplicant()
    const { fetchMock } = renderStage({ path: '/applicant/submit/no-such-stage' })

    expect(await screen.findByRole('heading', { level: 1, name: 'Stage Not Found' })).toBeTruthy()
    expect(
      screen.getByText('The requested stage could not be found or is no longer available.'),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/applicant/dashboard',
    )
    expect(callsTo(fetchMock, 'GET /api/applicant/documents/no-such-stage')).toHaveLength(0)
  })

  it('says No Templates Available when no document has a template', async () => {
    signInApplicant()
    renderStage({ documents: [documentFixture(1), documentFixture(2)] })
    await stageLoaded()

    expect(screen.getByText('No Templates Available')).toBeTruthy()
    expect(screen.getByText('No template files are configured for this stage')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Download template/ })).toBeNull()
  })

  it('posts the stage, the URL and the ticked documents with the bearer token, then says so', async () => {
    signInApplicant()
    const documents = [documentFixture(1), documentFixture(2)]
    let submissions: unknown[] = []
    let posted: unknown
    const { fetchMock } = renderStage({
      documents,
      handlers: {
        'GET /api/applicant/my-submissions': () => Response.json({ submissions }),
        'POST /api/applicant/submit-stage': ({ body }) => {
          posted = body
          submissions = [applicantSubmissionFixture({ githubUrl: 'https://github.com/asha/demo' })]
          return Response.json({ message: SUBMISSION_MESSAGES.received })
        },
      },
    })
    await stageLoaded()

    typeUrl('  https://github.com/asha/demo  ')
    fireEvent.click(screen.getByRole('checkbox', { name: /Document 2/ }))
    fireEvent.click(submitButton())

    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeTruthy()
    expect(await (await notices()).findByText(SUBMISSION_MESSAGES.received)).toBeTruthy()
    expect(posted).toEqual({
      stageId: STAGE.id,
      githubUrl: 'https://github.com/asha/demo',
      documents: [documents[1]!.id],
    })
    const [post] = callsTo(fetchMock, 'POST /api/applicant/submit-stage')
    expect(post?.[1]?.headers).toEqual({
      Authorization: `Bearer ${TOKEN}`,
      'Content-Type': 'application/json',
    })
    // The submission list is read again: the page now offers to update it.
    expect(await screen.findByRole('button', { name: 'Update Submission' })).toBeTruthy()
    expect(callsTo(fetchMock, 'GET /api/applicant/my-submissions')).toHaveLength(2)
    expect(screen.getByRole('heading', { level: 2, name: 'Current Submission' })).toBeTruthy()
  })

  it('fills the form from the existing submission and shows its earlier versions', async () => {
    signInApplicant()
    const documents = [
      documentFixture(1),
      documentFixture(2, { name: 'Pitch deck.pptx', description: 'Your pitch deck' }),
    ]
    const earlier = {
      githubUrl: 'https://github.com/asha/first-try',
      documents: ['Your pitch deck'],
      submittedAt: '2026-03-03T08:00:00.000Z',
    }
    renderStage({
      documents,
      submissions: [
        applicantSubmissionFixture({
          documents: [{ name: 'Your pitch deck', url: '/api/files/deck' }],
          versions: [earlier],
        }),
      ],
    })
    await stageLoaded()

    expect(urlField().value).toBe('https://github.com/asha/prototype')
    expect((screen.getByRole('checkbox', { name: /Document 1/ }) as HTMLInputElement).checked).toBe(
      false,
    )
    expect((screen.getByRole('checkbox', { name: /Pitch deck/ }) as HTMLInputElement).checked).toBe(
      true,
    )
    expect(submitButton().textContent).toBe('Update Submission')
    expect(screen.getByText(/Version history \(1 earlier version\)/)).toBeTruthy()
    const link = screen.getByRole('link', { name: /first-try/ })
    expect(link.getAttribute('href')).toBe(earlier.githubUrl)
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByText(formatDateTime(earlier.submittedAt))).toBeTruthy()
  })

  it.each([
    [
      SUBMISSION_MESSAGES.mustBeSelected,
      'You are not eligible to submit for this stage. You must be selected for the hackathon first.',
    ],
    [SUBMISSION_MESSAGES.expired, 'You are not eligible to submit for this stage at this time.'],
  ])('shows a 403 "%s" as Submission Not Allowed', async (message, shown) => {
    signInApplicant()
    renderStage({
      handlers: { 'POST /api/applicant/submit-stage': () => errorResponse(403, message) },
    })
    await stageLoaded()

    typeUrl('https://github.com/asha/demo')
    fireEvent.click(submitButton())

    expect(await (await notices()).findByText(shown)).toBeTruthy()
    expect((await notices()).getByText('Submission Not Allowed')).toBeTruthy()
  })

  it('says Stage Not Found and goes to the dashboard when the stage is gone', async () => {
    signInApplicant()
    const { location } = renderStage({
      handlers: {
        'POST /api/applicant/submit-stage': () => errorResponse(404, SUBMISSION_MESSAGES.notFound),
      },
    })
    await stageLoaded()

    typeUrl('https://github.com/asha/demo')
    fireEvent.click(submitButton())

    expect(await (await notices()).findByText('Stage Not Found')).toBeTruthy()
    expect(
      (await notices()).getByText(
        'The requested stage could not be found or is no longer available.',
      ),
    ).toBeTruthy()
    await waitFor(() => expect(location.history.at(-1)).toBe('/applicant/dashboard'))
  })

  it('shows any other failure as Submission Failed with the server message', async () => {
    signInApplicant()
    renderStage({
      handlers: {
        'POST /api/applicant/submit-stage': () =>
          errorResponse(400, SUBMISSION_MESSAGES.foreignDocuments),
      },
    })
    await stageLoaded()

    typeUrl('https://github.com/asha/demo')
    fireEvent.click(submitButton())

    expect(await (await notices()).findByText(SUBMISSION_MESSAGES.foreignDocuments)).toBeTruthy()
    expect((await notices()).getByText('Submission Failed')).toBeTruthy()
  })

  it('downloads a template under the name the server gives, and says when it fails', async () => {
    signInApplicant()
    const createObjectURL = vi.fn(() => 'blob:template')
    const revokeObjectURL = vi.fn()
    // jsdom has no object URLs.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL
        static override revokeObjectURL = revokeObjectURL
      },
    )
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    let fail = false
    renderStage({
      documents: [documentFixture(1, { name: 'Brief', fileUrl: '/api/files/brief' })],
      handlers: {
        'GET /api/files/brief': () =>
          fail
            ? new Response('Not Found', { status: 404 })
            : new Response('file', {
                headers: { 'Content-Disposition': 'attachment; filename="brief.pdf"' },
              }),
      },
    })
    await stageLoaded()

    fireEvent.click(screen.getByRole('button', { name: 'Download template for Brief' }))
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1))
    const anchor = click.mock.contexts[0] as HTMLAnchorElement
    expect(anchor.download).toBe('brief.pdf')
    expect(anchor.getAttribute('href')).toBe('blob:template')

    fail = true
    fireEvent.click(screen.getByRole('button', { name: 'Download template for Brief' }))
    expect(await (await notices()).findByText('Download Failed')).toBeTruthy()
    expect(
      (await notices()).getByText('Failed to download template. Please try again.'),
    ).toBeTruthy()
    expect(click).toHaveBeenCalledTimes(1)
  })
})
