import {
  ANSWER_TEXT_MAX,
  SUBMISSION_MESSAGES,
  type ApplicantRound,
  type StageDocument,
} from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route } from 'wouter'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import {
  answerFixture,
  applicantSubmissionFixture,
  documentFixture,
  signInApplicant,
  stageFixture,
  TOKEN,
} from '@/features/submissions/testing'
import { formatDateTime, viewerTimeZone } from '@/lib/date-time'
import { axeViolations } from '@/test/axe'
import { stubXhr } from '@/test/fake-xhr'
import { deferred, errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp } from '@/test/render'

import StageSubmissionPage from './stage-submission-page'

const STAGE = stageFixture()

/** A required file, an optional link and a required short text. */
const DECK = documentFixture(1, { description: 'Pitch deck' })
const VIDEO = documentFixture(2, {
  description: 'Demo video link',
  kind: 'link',
  isRequired: false,
  fileTypes: [],
})
const SUMMARY = documentFixture(3, { description: 'Summary', kind: 'text', fileTypes: [] })
const THREE_KINDS = [DECK, VIDEO, SUMMARY]

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
const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } })
const submitButton = () => screen.getByRole('button', { name: /^(Submit|Update Submission)$/ })
const stageLoaded = () => screen.findByRole('heading', { level: 1, name: STAGE.name })
const pdf = (name = 'deck.pdf', size = 1.2 * 1024 * 1024) => {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' })
  Object.defineProperty(file, 'size', { value: Math.round(size) })
  return file
}
const choose = (name: RegExp, file: File) =>
  fireEvent.change(field(name), { target: { files: [file] } })
/** The message shown under a requirement's field (its aria-describedby). */
const messagesOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)

function callsTo(fetchMock: ReturnType<typeof stubApi>, key: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key,
  )
}

afterEach(() => {
  act(() => dismissToast())
  localStorage.clear()
  vi.useRealTimers()
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
    expect(submitButton().textContent).toBe('Submit')
    for (const [, init] of fetchMock.mock.calls) {
      expect(init?.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` })
    }
  })

  it('asks each requirement by its kind: a file of its types and size, a link, a short text', async () => {
    signInApplicant()
    renderStage({ documents: THREE_KINDS })
    await stageLoaded()

    const deck = field(/Pitch deck/)
    expect(deck.type).toBe('file')
    expect(deck.accept).toBe('.pdf,.pptx')
    expect(deck.required).toBe(true)
    expect(messagesOf(deck)).toContain('PDF, PPTX up to 10 MB')
    expect(screen.getByText('Pitch deck').closest('label')?.textContent).toContain('Required')

    const video = field(/Demo video link/)
    expect(video.type).toBe('url')
    expect(video.required).toBe(false)
    expect(screen.getByText('Demo video link').closest('label')?.textContent).toContain(
      '(optional)',
    )

    const summary = field(/Summary/)
    expect(summary.tagName).toBe('TEXTAREA')
    expect(messagesOf(summary).join(' ')).toContain(`Up to ${ANSWER_TEXT_MAX} characters`)
    expect(await axeViolations()).toEqual([])
  })

  it('says the URL is required, then that it must be a GitHub repository, and sends nothing', async () => {
    signInApplicant()
    const { fetchMock } = renderStage({ documents: [] })
    await stageLoaded()

    fireEvent.click(submitButton())
    expect(await screen.findByText(SUBMISSION_MESSAGES.urlRequired)).toBeTruthy()
    expect(urlField().getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(urlField()))

    typeUrl('https://gitlab.com/asha/prototype')
    expect(
      await screen.findByText(
        'Please enter a valid GitHub repository URL (e.g., https://github.com/username/repository)',
      ),
    ).toBeTruthy()

    typeUrl('https://github.com/asha/prototype/')
    await waitFor(() => expect(urlField().getAttribute('aria-invalid')).toBeNull())
    expect(callsTo(fetchMock, 'POST /api/applicant/submit-stage')).toHaveLength(0)
  })

  it('refuses a missing required answer with the server’s words on its field, focused, and sends nothing', async () => {
    signInApplicant()
    const { fetchMock } = renderStage({ documents: THREE_KINDS })
    await stageLoaded()

    typeUrl('https://github.com/asha/demo')
    type(/Demo video link/, 'ftp://example.org/video')
    fireEvent.click(submitButton())

    const missingDeck = SUBMISSION_MESSAGES.answerMissing('Pitch deck')
    expect(await screen.findByText(missingDeck)).toBeTruthy()
    expect(field(/Pitch deck/).getAttribute('aria-invalid')).toBe('true')
    expect(messagesOf(field(/Pitch deck/))).toContain(missingDeck)
    await waitFor(() => expect(document.activeElement).toBe(field(/Pitch deck/)))
    expect(messagesOf(field(/Demo video link/))).toContain('Enter a link that starts with https://')
    expect(messagesOf(field(/Summary/))).toContain(SUBMISSION_MESSAGES.answerMissing('Summary'))

    type(/Summary/, 'x'.repeat(ANSWER_TEXT_MAX + 1))
    expect(await screen.findByText(`At most ${ANSWER_TEXT_MAX} characters`)).toBeTruthy()
    expect(callsTo(fetchMock, 'POST /api/applicant/submit-stage')).toHaveLength(0)
    expect(await axeViolations()).toEqual([])
  })

  it('uploads a chosen file at once with its progress, then posts every answer with the bearer token', async () => {
    signInApplicant()
    const xhr = stubXhr()
    let submissions: unknown[] = []
    let posted: unknown
    const answer = deferred<Response>()
    const { fetchMock } = renderStage({
      documents: THREE_KINDS,
      handlers: {
        'GET /api/applicant/my-submissions': () => Response.json({ submissions }),
        'POST /api/applicant/submit-stage': ({ body }) => {
          posted = body
          submissions = [applicantSubmissionFixture({ githubUrl: 'https://github.com/asha/demo' })]
          return answer.promise
        },
      },
    })
    await stageLoaded()

    const file = pdf('deck.pdf', 1.2 * 1024 * 1024)
    choose(/Pitch deck/, file)
    const upload = await waitFor(() => xhr.last())
    expect(upload.method).toBe('POST')
    expect(upload.url).toBe(`/api/applicant/answer-files?requirementId=${DECK.id}`)
    expect(upload.requestHeaders).toEqual({ authorization: `Bearer ${TOKEN}` })
    expect(upload.form.get('file')).toBe(file)

    act(() => upload.progress(400, 1000))
    const bar = screen.getByRole('progressbar', { name: 'Uploading deck.pdf' })
    expect(bar.getAttribute('aria-valuenow')).toBe('40')
    // Sending now would leave the file out: the form waits for it.
    typeUrl('  https://github.com/asha/demo  ')
    fireEvent.click(submitButton())
    expect(
      await screen.findByText('A file is still uploading: wait until it is done, then submit.'),
    ).toBeTruthy()

    const stored = { id: '00000000-0000-4000-8000-000000000777', name: 'deck.pdf', size: file.size }
    act(() => {
      upload.progress(1000, 1000)
      upload.respond(201, { ...stored, contentType: 'application/pdf' })
    })
    expect(await screen.findByText('deck.pdf')).toBeTruthy()
    expect(screen.getByText('(1.2 MB)')).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()

    type(/Summary/, 'We help students find rides.')
    fireEvent.click(submitButton())

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeTruthy()
    await act(async () => answer.resolve(Response.json({ message: SUBMISSION_MESSAGES.received })))
    expect(await (await notices()).findByText(SUBMISSION_MESSAGES.received)).toBeTruthy()
    expect(posted).toEqual({
      stageId: STAGE.id,
      githubUrl: 'https://github.com/asha/demo',
      documents: [],
      answers: [
        { requirementId: DECK.id, fileId: stored.id },
        { requirementId: SUMMARY.id, text: 'We help students find rides.' },
      ],
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

  it('checks a file’s type and size before uploading it, and shows the server’s refusal on the field', async () => {
    signInApplicant()
    const xhr = stubXhr()
    renderStage({ documents: [DECK] })
    await stageLoaded()

    choose(/Pitch deck/, new File(['x'], 'notes.docx'))
    expect(await screen.findByText('Invalid File Type: choose a PDF or PPTX file.')).toBeTruthy()
    choose(/Pitch deck/, pdf('huge.pdf', 10 * 1024 * 1024 + 1))
    expect(await screen.findByText('File Too Large: the file must be at most 10 MB.')).toBeTruthy()
    expect(xhr.sent).toHaveLength(0)

    choose(/Pitch deck/, pdf('fake.pdf'))
    const refusedType = await waitFor(() => xhr.last())
    const reason =
      'Invalid File Type: "Pitch deck" takes pdf, pptx files whose content matches their name.'
    act(() => refusedType.respond(400, { message: reason, code: 'BAD_REQUEST' }))
    expect(await screen.findByText(reason)).toBeTruthy()
    expect(field(/Pitch deck/).getAttribute('aria-invalid')).toBe('true')

    choose(/Pitch deck/, pdf('big.pdf'))
    await waitFor(() => expect(xhr.sent).toHaveLength(2))
    act(() =>
      xhr.last().respond(413, { message: 'request file too large', code: 'PAYLOAD_TOO_LARGE' }),
    )
    expect(await screen.findByText('File Too Large: the file must be at most 10 MB.')).toBeTruthy()
  })

  it('fills the form from the existing submission, matching answers to requirements by id', async () => {
    signInApplicant()
    const removedId = '00000000-0000-4000-8000-000000000399'
    const earlier = {
      githubUrl: 'https://github.com/asha/first-try',
      documents: ['Pitch deck'],
      answers: [
        answerFixture(1, { description: 'Pitch deck', current: false }),
        answerFixture(9, {
          requirementId: removedId,
          description: 'Team photo',
          kind: 'link',
          file: null,
          url: 'https://example.org/team.jpg',
          current: false,
        }),
      ],
      submittedAt: '2026-03-03T08:00:00.000Z',
    }
    let posted: unknown
    renderStage({
      documents: THREE_KINDS,
      submissions: [
        applicantSubmissionFixture({
          // In another order than the stage's: answers are matched by requirement, not place.
          answers: [
            answerFixture(3, { description: 'Summary', kind: 'text', file: null, text: 'Rides.' }),
            answerFixture(1, { description: 'Pitch deck' }),
            answerFixture(2, {
              description: 'Demo video link',
              kind: 'link',
              file: null,
              url: 'https://youtu.be/demo',
            }),
          ],
          versions: [earlier],
        }),
      ],
      handlers: {
        'POST /api/applicant/submit-stage': ({ body }) => {
          posted = body
          return Response.json({ message: SUBMISSION_MESSAGES.updated })
        },
      },
    })
    await stageLoaded()

    expect(urlField().value).toBe('https://github.com/asha/prototype')
    expect(field(/Demo video link/).value).toBe('https://youtu.be/demo')
    expect(field(/Summary/).value).toBe('Rides.')
    const form = screen.getByRole('button', { name: 'Update Submission' }).closest('form')!
    expect(within(form).getByText('document-1.pdf')).toBeTruthy()
    expect(within(form).getByText('(1.5 MB)')).toBeTruthy()

    // The earlier version keeps its answers; the one to a requirement no longer asked says so.
    fireEvent.click(screen.getByText(/Version history \(1 earlier version\)/))
    const history = within(screen.getByText(/Version history/).closest('details')!)
    expect(history.getByRole('link', { name: /first-try/ }).getAttribute('href')).toBe(
      earlier.githubUrl,
    )
    expect(history.getByText('Pitch deck').textContent).toBe('Pitch deck')
    expect(history.getByText('Team photo').closest('dt')?.textContent).toBe(
      'Team photo (no longer asked)',
    )
    expect(screen.getByText(formatDateTime(earlier.submittedAt))).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Update Submission' }))
    expect(await (await notices()).findByText(SUBMISSION_MESSAGES.updated)).toBeTruthy()
    expect(posted).toMatchObject({
      answers: [
        { requirementId: DECK.id, fileId: answerFixture(1).file!.id },
        { requirementId: VIDEO.id, url: 'https://youtu.be/demo' },
        { requirementId: SUMMARY.id, text: 'Rides.' },
      ],
    })
  })

  it('shows the server’s refusal of a missing answer on that requirement’s field', async () => {
    signInApplicant()
    const message = SUBMISSION_MESSAGES.answerMissing('Demo video link')
    renderStage({
      documents: [VIDEO],
      handlers: {
        'POST /api/applicant/submit-stage': () => errorResponse(400, message, 'ANSWER_MISSING'),
      },
    })
    await stageLoaded()

    typeUrl('https://github.com/asha/demo')
    fireEvent.click(submitButton())

    expect(await (await notices()).findByText('Submission Failed')).toBeTruthy()
    await waitFor(() => expect(messagesOf(field(/Demo video link/))).toContain(message))
    expect(field(/Demo video link/).getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(field(/Demo video link/)))
  })

  it.each([
    [
      'expired',
      { endTime: new Date(Date.now() - 60_000).toISOString(), access: 'closed' },
      'Stage Expired',
      SUBMISSION_MESSAGES.expired,
    ],
    [
      'closed',
      { status: 'completed', access: 'closed', accessMessage: SUBMISSION_MESSAGES.closed },
      'Stage Closed',
      SUBMISSION_MESSAGES.closed,
    ],
    [
      'inactive',
      {
        status: 'upcoming',
        startTime: null,
        access: 'not_open_yet',
        accessMessage: SUBMISSION_MESSAGES.notOpenYet,
      },
      'Stage Inactive',
      SUBMISSION_MESSAGES.inactive,
    ],
    [
      'locked',
      {
        locked: true,
        access: 'locked',
        accessMessage: SUBMISSION_MESSAGES.lockedBehind('Ideation'),
        state: null,
      },
      'Stage Locked',
      SUBMISSION_MESSAGES.lockedBehind('Ideation'),
    ],
    [
      'decided',
      { access: 'decided', accessMessage: SUBMISSION_MESSAGES.decided, state: 'advanced' },
      'The Jury Has Decided',
      SUBMISSION_MESSAGES.decided,
    ],
  ] as const)(
    'disables the form of a %s stage and says why in the server’s words',
    async (_, overrides, title, text) => {
      signInApplicant()
      const documents = [documentFixture(1, { fileUrl: '/api/files/template-1' }), VIDEO]
      renderStage({ stage: stageFixture(overrides), documents })
      await stageLoaded()

      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy()
      expect(screen.getByText(text)).toBeTruthy()
      expect(urlField().disabled).toBe(true)
      expect(field(/What document 1 holds/).disabled).toBe(true)
      expect(field(/Demo video link/).disabled).toBe(true)
      expect((submitButton() as HTMLButtonElement).disabled).toBe(true)
      expect(screen.queryByText(/left$/)).toBeNull()
      // Reading a template is not editing: it stays available.
      expect(
        (screen.getByRole('button', { name: /Download template/ }) as HTMLButtonElement).disabled,
      ).toBe(false)
      expect(await axeViolations()).toEqual([])
    },
  )

  it('says when a stage that is not open yet opens, in the viewer’s time zone', async () => {
    signInApplicant()
    const startTime = new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString()
    renderStage({
      stage: stageFixture({
        status: 'upcoming',
        startTime,
        access: 'not_open_yet',
        accessMessage: SUBMISSION_MESSAGES.notOpenYet,
      }),
    })
    await stageLoaded()

    expect(screen.getByRole('heading', { level: 2, name: 'Not open yet' })).toBeTruthy()
    expect(screen.getByText(`Opens on ${formatDateTime(startTime)}.`)).toBeTruthy()
    expect(formatDateTime(startTime)).toMatch(/[A-Z]{2,}|GMT|UTC/)
    expect(urlField().disabled).toBe(true)
  })

  it('asks the server again once a stage’s start time has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    signInApplicant()
    const startTime = new Date(Date.now() + 45_000).toISOString()
    let opened = false
    const { fetchMock } = renderStage({
      handlers: {
        'GET /api/applicant/rounds': () =>
          Response.json({
            rounds: [
              stageFixture(
                opened
                  ? { startTime }
                  : { startTime, access: 'not_open_yet', accessMessage: 'Not yet.' },
              ),
            ],
          }),
      },
    })
    await stageLoaded()
    expect(screen.getByRole('heading', { level: 2, name: 'Not open yet' })).toBeTruthy()

    opened = true
    await act(() => vi.advanceTimersByTimeAsync(60_000))

    await waitFor(() => expect(urlField().disabled).toBe(false))
    expect(callsTo(fetchMock, 'GET /api/applicant/rounds')).toHaveLength(2)
  })

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

  it('says No Templates Available when no requirement has a template', async () => {
    signInApplicant()
    renderStage({ documents: [documentFixture(1), documentFixture(2)] })
    await stageLoaded()

    expect(screen.getByText('No Templates Available')).toBeTruthy()
    expect(screen.getByText('No template files are configured for this stage')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Download template/ })).toBeNull()
  })

  it.each([
    [
      SUBMISSION_MESSAGES.mustBeSelected,
      'You are not eligible to submit for this stage. You must be selected for the hackathon first.',
    ],
    [SUBMISSION_MESSAGES.lockedBehind('Ideation'), SUBMISSION_MESSAGES.lockedBehind('Ideation')],
    [SUBMISSION_MESSAGES.expired, SUBMISSION_MESSAGES.expired],
    [SUBMISSION_MESSAGES.decided, SUBMISSION_MESSAGES.decided],
  ])('shows a 403 "%s" as Submission Not Allowed with the reason', async (message, shown) => {
    signInApplicant()
    renderStage({
      documents: [],
      handlers: { 'POST /api/applicant/submit-stage': () => errorResponse(403, message) },
    })
    await stageLoaded()

    typeUrl('https://github.com/asha/demo')
    fireEvent.click(submitButton())

    expect(await (await notices()).findByText(shown)).toBeTruthy()
    expect((await notices()).getByText('Submission Not Allowed')).toBeTruthy()
    expect(
      screen.queryByText('You are not eligible to submit for this stage at this time.'),
    ).toBeNull()
  })

  it('reads the stage again after a 403, so the page says why it closed', async () => {
    signInApplicant()
    let closed = false
    renderStage({
      documents: [],
      handlers: {
        'GET /api/applicant/rounds': () =>
          Response.json({
            rounds: [
              stageFixture(
                closed
                  ? {
                      status: 'completed',
                      access: 'closed',
                      accessMessage: SUBMISSION_MESSAGES.closed,
                    }
                  : {},
              ),
            ],
          }),
        'POST /api/applicant/submit-stage': () => {
          closed = true
          return errorResponse(403, SUBMISSION_MESSAGES.closed, 'STAGE_CLOSED')
        },
      },
    })
    await stageLoaded()

    typeUrl('https://github.com/asha/demo')
    fireEvent.click(submitButton())

    expect(await screen.findByRole('heading', { level: 2, name: 'Stage Closed' })).toBeTruthy()
    expect(urlField().disabled).toBe(true)
  })

  it('says Stage Not Found and goes to the dashboard when the stage is gone', async () => {
    signInApplicant()
    const { location } = renderStage({
      documents: [],
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
      documents: [],
      handlers: {
        'POST /api/applicant/submit-stage': () =>
          errorResponse(400, SUBMISSION_MESSAGES.answerFileMissing),
      },
    })
    await stageLoaded()

    typeUrl('https://github.com/asha/demo')
    fireEvent.click(submitButton())

    expect(await (await notices()).findByText(SUBMISSION_MESSAGES.answerFileMissing)).toBeTruthy()
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
