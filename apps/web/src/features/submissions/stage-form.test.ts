import { ANSWER_TEXT_MAX, SUBMISSION_MESSAGES } from '@hackathon/contract'
import { describe, expect, it } from 'vitest'

import {
  fileHint,
  fileProblem,
  initialValues,
  requirementNamedIn,
  stageFormSchema,
  type StageFormValues,
} from './stage-form'
import { answerFixture, applicantSubmissionFixture, documentFixture, stageFixture } from './testing'

const STAGE_ID = stageFixture().id
const DECK = documentFixture(1, { description: 'Pitch deck' })
const VIDEO = documentFixture(2, { description: 'Video', kind: 'link', isRequired: false })
const SUMMARY = documentFixture(3, { description: 'Summary', kind: 'text' })
const REQUIREMENTS = [DECK, VIDEO, SUMMARY]
const FILE = { id: '00000000-0000-4000-8000-000000000777', name: 'deck.pdf', size: 2048 }

function values(overrides: Partial<StageFormValues> = {}): StageFormValues {
  return {
    githubUrl: 'https://github.com/asha/demo',
    answers: [
      { file: FILE, url: '', text: '' },
      { file: null, url: '', text: '' },
      { file: null, url: '', text: 'Rides for students.' },
    ],
    ...overrides,
  }
}

const issuesOf = (input: StageFormValues) => {
  const result = stageFormSchema(STAGE_ID, REQUIREMENTS).safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
}

describe('the stage form’s schema', () => {
  it('posts the contract’s input: one answer per answered requirement, no documents', () => {
    const result = stageFormSchema(STAGE_ID, REQUIREMENTS).parse(
      values({ githubUrl: '  https://github.com/asha/demo ' }),
    )
    expect(result).toEqual({
      stageId: STAGE_ID,
      githubUrl: 'https://github.com/asha/demo',
      documents: [],
      answers: [
        { requirementId: DECK.id, fileId: FILE.id },
        { requirementId: SUMMARY.id, text: 'Rides for students.' },
      ],
    })
  })

  it('puts a missing required answer on its field, in the server’s words', () => {
    const empty = { file: null, url: '', text: '   ' }
    expect(issuesOf(values({ answers: [empty, empty, empty] }))).toEqual([
      ['answers.0.file', SUBMISSION_MESSAGES.answerMissing('Pitch deck')],
      ['answers.2.text', SUBMISSION_MESSAGES.answerMissing('Summary')],
    ])
  })

  it('checks each answer by the contract’s rules', () => {
    const answers = values().answers.slice()
    answers[1] = { file: null, url: 'javascript:alert(1)', text: '' }
    answers[2] = { file: null, url: '', text: 'x'.repeat(ANSWER_TEXT_MAX + 1) }
    expect(issuesOf(values({ answers }))).toEqual([
      ['answers.1.url', 'Enter a link that starts with https://'],
      ['answers.2.text', `At most ${ANSWER_TEXT_MAX} characters`],
    ])
  })

  it('starts from the existing answers, matched by requirement, not by place', () => {
    const submission = applicantSubmissionFixture({
      answers: [
        answerFixture(3, { kind: 'text', file: null, text: 'Earlier text' }),
        answerFixture(1),
      ],
    })
    expect(initialValues(REQUIREMENTS, submission)).toEqual({
      githubUrl: submission.githubUrl,
      answers: [
        {
          file: {
            id: answerFixture(1).file!.id,
            name: 'document-1.pdf',
            size: answerFixture(1).file!.size,
          },
          url: '',
          text: '',
        },
        { file: null, url: '', text: '' },
        { file: null, url: '', text: 'Earlier text' },
      ],
    })
  })

  it('finds the requirement a refusal names in quotes', () => {
    expect(requirementNamedIn(SUBMISSION_MESSAGES.answerMissing('Summary'), REQUIREMENTS)).toBe(2)
    expect(requirementNamedIn(SUBMISSION_MESSAGES.answerFileMissing, REQUIREMENTS)).toBeNull()
  })
})

describe('a file requirement’s rules in words', () => {
  it('says what it accepts', () => {
    expect(fileHint({ fileTypes: ['pdf', 'pptx'], maxSizeMb: 10 })).toBe('PDF, PPTX up to 10 MB')
  })

  it('refuses another type or a file over the limit before it is sent', () => {
    const rules = { fileTypes: ['pdf'], maxSizeMb: 1 }
    expect(fileProblem({ name: 'deck.PDF', size: 1024 * 1024 }, rules)).toBeUndefined()
    expect(fileProblem({ name: 'deck.exe', size: 10 }, rules)).toBe(
      'Invalid File Type: choose a PDF file.',
    )
    expect(
      fileProblem({ name: 'deck', size: 10 }, { ...rules, fileTypes: ['pdf', 'ppt', 'pptx'] }),
    ).toBe('Invalid File Type: choose a PDF, PPT or PPTX file.')
    expect(fileProblem({ name: 'deck.pdf', size: 1024 * 1024 + 1 }, rules)).toBe(
      'File Too Large: the file must be at most 1 MB.',
    )
  })
})
