import { z } from 'zod'
import { MAX, isoDateTime } from './common.js'

/**
 * Where a participant stands in one round (docs/product/pipeline.md). `eligible` is never stored:
 * it is what a round open to someone shows before they submit or are decided on.
 */
export const PIPELINE_STATES = [
  'eligible',
  'submitted',
  'advanced',
  'not_advanced',
  'withdrawn',
  'won',
] as const
export type PipelineState = (typeof PIPELINE_STATES)[number]

/** The states a record is stored with: every state but the derived `eligible`. */
export const STORED_PIPELINE_STATES = [
  'submitted',
  'advanced',
  'not_advanced',
  'withdrawn',
  'won',
] as const satisfies readonly PipelineState[]
export type StoredPipelineState = (typeof STORED_PIPELINE_STATES)[number]

/**
 * The states a person decided (docs/product/pipeline.md#access): a round where the participant
 * holds one is closed to them, and a submission there has been reviewed
 * (docs/product/pipeline.md#progress).
 */
export const DECIDED_PIPELINE_STATES = [
  'advanced',
  'not_advanced',
  'withdrawn',
  'won',
] as const satisfies readonly StoredPipelineState[]

/**
 * The state in a round that unlocks the round after it (docs/product/pipeline.md#access): a round
 * after the first is theirs only when they were advanced in the round before it.
 */
export const UNLOCKING_PIPELINE_STATE = 'advanced' satisfies StoredPipelineState

/**
 * The states counted as selected in a round (docs/product/pipeline.md#figures): advanced there, or
 * a winner of the final round.
 */
export const SELECTED_PIPELINE_STATES = [
  'advanced',
  'won',
] as const satisfies readonly StoredPipelineState[]

/** Whether a round is the participant's (docs/product/pipeline.md#access). */
export function isRoundTheirs(f: {
  isFirst: boolean
  previousState: StoredPipelineState | null
  state: StoredPipelineState | null
}): boolean {
  return f.isFirst || f.previousState === UNLOCKING_PIPELINE_STATE || f.state !== null
}

/**
 * The states a person (jury or admin) can decide. `submitted` undoes a decision on a submission;
 * `eligible` undoes one made without a submission (the record goes).
 */
export const PIPELINE_DECISIONS = [
  'advanced',
  'not_advanced',
  'withdrawn',
  'won',
  'submitted',
  'eligible',
] as const
export type PipelineDecision = (typeof PIPELINE_DECISIONS)[number]

export const PIPELINE_STATE_LABELS: Record<PipelineState, string> = {
  eligible: 'Eligible',
  submitted: 'Submitted',
  advanced: 'Advanced',
  not_advanced: 'Not advanced',
  withdrawn: 'Withdrawn',
  won: 'Won',
}

/**
 * Why a round is or is not open to an applicant right now (docs/product/pipeline.md#access):
 * the round's own clock first (closed, not open yet), then the applicant's place in the pipeline.
 */
export const STAGE_ACCESS = ['open', 'not_open_yet', 'closed', 'locked', 'decided'] as const
export type StageAccess = (typeof STAGE_ACCESS)[number]

/** Error codes of a refused submission, one per reason; the message says it in words. */
export const STAGE_REFUSAL_CODES = {
  closed: 'STAGE_CLOSED',
  expired: 'STAGE_EXPIRED',
  not_open_yet: 'STAGE_NOT_OPEN_YET',
  locked: 'STAGE_LOCKED',
  decided: 'STAGE_DECIDED',
} as const

export const PIPELINE_MESSAGES = {
  decisionRecorded: 'Decision recorded.',
  noSubmissionToUndo: 'There is no submission in this round to return to: choose another decision.',
  hasSubmissionToKeep:
    'This participant has a submission in this round: return to Submitted to undo the decision.',
  roundNotFound: 'Competition round not found',
  applicantNotFound: 'Applicant not found',
  laterRoundExists:
    'This participant already has a record in a later round; change that round first.',
  notInRound:
    'This participant is not in this round: they were not advanced from the round before it.',
  wonOnlyInFinal: 'Only a participant of the final round can be recorded as a winner.',
  notSubmitted: 'Only an applicant whose status is submitted can be selected',
  noRounds: 'There are no rounds yet: create a round before recording decisions.',
  registeredOnlyBeforeSubmission:
    'This applicant has a submission or a decision in a round: choose Submitted to undo a decision.',
} as const

/** POST /api/applicants/{id}/decision: an admin decides where an applicant stands in a round. */
export const decisionInput = z
  .object({
    roundId: z.uuid('Choose a round'),
    decision: z.enum(PIPELINE_DECISIONS, 'Choose a decision'),
    note: z.string().trim().max(MAX.text, 'The note is too long').optional(),
    prize: z.string().trim().max(500, 'The prize is too long').optional(),
  })
  .meta({ id: 'DecisionRequest' })
export type DecisionInput = z.input<typeof decisionInput>

/** One round of an applicant's pipeline, as staff see it. */
export const pipelineEntry = z
  .object({
    roundId: z.uuid(),
    roundName: z.string(),
    position: z.number().int(),
    state: z.enum(PIPELINE_STATES),
    prize: z.string().nullable(),
    note: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: isoDateTime.nullable(),
    confirmedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'PipelineEntry' })
export type PipelineEntry = z.infer<typeof pipelineEntry>

/** A change of someone's place in the pipeline: what it was, what it became, who, when, why. */
export const pipelineEvent = z
  .object({
    id: z.uuid(),
    roundName: z.string(),
    fromState: z.enum(PIPELINE_STATES),
    /** `confirmed`: the advanced participant confirmed that they take part. */
    toState: z.enum([...PIPELINE_STATES, 'confirmed']),
    actor: z.string(),
    note: z.string().nullable(),
    at: isoDateTime,
  })
  .meta({ id: 'PipelineEvent' })
export type PipelineEvent = z.infer<typeof pipelineEvent>

export const applicantPipeline = z
  .object({ entries: z.array(pipelineEntry), events: z.array(pipelineEvent) })
  .meta({ id: 'ApplicantPipeline' })
export type ApplicantPipeline = z.infer<typeof applicantPipeline>
