import { SUBMISSION_MESSAGES, type ApplicantRound } from '@hackathon/contract'

export type StageAvailability = 'open' | 'expired' | 'inactive' | 'locked'

/**
 * SPEC.md section 4: past its end time a stage is expired, otherwise with a status other than
 * active it is inactive; a later stage is locked until the applicant is selected. Anything but
 * open disables editing. Expired comes first: it is the reason that will never change.
 */
export function stageAvailability(stage: ApplicantRound, now: number): StageAvailability {
  if (stage.endTime && new Date(stage.endTime).getTime() <= now) return 'expired'
  if (stage.status !== 'active') return 'inactive'
  if (stage.locked) return 'locked'
  return 'open'
}

export const STAGE_NOTICES: Readonly<
  Record<Exclude<StageAvailability, 'open'>, { title: string; text: string }>
> = {
  expired: { title: 'Stage Expired', text: SUBMISSION_MESSAGES.expired },
  inactive: { title: 'Stage Inactive', text: SUBMISSION_MESSAGES.inactive },
  locked: {
    title: 'Stage Locked',
    text: 'This stage opens to you once you are selected for the hackathon. You can submit here after the jury selects you.',
  },
}
