import { SUBMISSION_MESSAGES, type ApplicantRound } from '@hackathon/contract'

/**
 * Whether the applicant can submit to a stage now and, when not, why, as the dashboard and the
 * stage page show it. The server's `access` decides (docs/product/pipeline.md#access); it is
 * refined only for what the viewer can see change while the page is open:
 * - `expired`: the end time has passed (the server puts this reason first, and so do we, by the
 *   viewer's clock, so a deadline passing on screen closes the form at once);
 * - `closed`: closed by the organisers (the round is completed) before its end time;
 * - `not_open_yet`: it opens at a known start time; `inactive` ('Stage Inactive'): it is
 *   not open and no start time to come says when it will be.
 */
export type StageAvailability =
  'open' | 'expired' | 'closed' | 'not_open_yet' | 'inactive' | 'locked' | 'decided'

type StageClock = Pick<
  ApplicantRound,
  'access' | 'accessMessage' | 'status' | 'startTime' | 'endTime'
>

export function stageAvailability(stage: StageClock, now: number): StageAvailability {
  if (stage.endTime && Date.parse(stage.endTime) <= now) return 'expired'
  switch (stage.access) {
    case 'open':
      return 'open'
    case 'closed':
      // The server's clock may have passed the end time before this device's did.
      return stage.accessMessage === SUBMISSION_MESSAGES.expired ? 'expired' : 'closed'
    case 'not_open_yet':
      // An active stage the server holds back has a start time to come, even when this
      // device's clock is a little ahead; the page asks again once that time has passed.
      return stage.startTime && (stage.status === 'active' || Date.parse(stage.startTime) > now)
        ? 'not_open_yet'
        : 'inactive'
    case 'locked':
      return 'locked'
    case 'decided':
      return 'decided'
  }
}

/** True once a stage the server said was not open yet has reached its start time. */
export function startHasPassed(stage: StageClock, now: number): boolean {
  return (
    stage.access === 'not_open_yet' &&
    stage.startTime !== null &&
    Date.parse(stage.startTime) <= now
  )
}
