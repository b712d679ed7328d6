import type {
  SelectionChange,
  SelectionUploadReport,
  StageDetailsChange,
  StageDetailsUploadReport,
  StageFigures,
  UploadRowError,
} from '@hackathon/contract'

import { fixtureId } from '@/test/fixtures'

const uuid = fixtureId

export function selectionChangeFixture(
  n: number,
  overrides: Partial<SelectionChange> = {},
): SelectionChange {
  return {
    row: n + 1,
    applicantId: uuid('b000', n),
    registrationId: `REG-${String(n).padStart(4, '0')}`,
    name: `Applicant ${n}`,
    fromStatus: 'submitted',
    toStatus: 'selected',
    fromStage: 'Preliminary Ideas Submission Round',
    toStage: 'Prototype Submission and Selection Round',
    ...overrides,
  }
}

const NO_FIGURES: StageFigures = {
  totalParticipants: null,
  totalColleges: null,
  ideasSubmitted: null,
  prototypesApproved: null,
  projectsApproved: null,
  totalInvitees: null,
  solutionsToBeBuilt: null,
}

export function stageDetailsChangeFixture(
  n: number,
  before: Partial<StageFigures>,
  after: Partial<StageFigures>,
): StageDetailsChange {
  return {
    row: n + 1,
    roundId: uuid('c000', n),
    roundName: `Round ${n}`,
    before: { ...NO_FIGURES, ...before },
    after: { ...NO_FIGURES, ...before, ...after },
  }
}

export function rowErrorFixture(n: number): UploadRowError {
  return { row: n + 1, message: `Row ${n + 1}: RegistrationID REG-${n} is not an applicant` }
}

/** A report's counts and lists, about `what`: the counts follow the lists. */
function reportFixture<Change>(
  what: string,
  { changes = [], errors = [] }: { changes?: Change[]; errors?: UploadRowError[] },
) {
  return {
    dryRun: true,
    rows: changes.length + errors.length,
    updated: changes.length,
    unchanged: 0,
    errors,
    errorCount: errors.length,
    message: `${changes.length} ${what} would be updated.`,
    changes,
  }
}

/** A report as the server sends it; the counts follow the lists unless given. */
export function selectionReportFixture(
  overrides: Partial<SelectionUploadReport> = {},
): SelectionUploadReport {
  return { ...reportFixture('applicants', overrides), ...overrides }
}

export function stageDetailsReportFixture(
  overrides: Partial<StageDetailsUploadReport> = {},
): StageDetailsUploadReport {
  return { ...reportFixture('rounds', overrides), ...overrides }
}
