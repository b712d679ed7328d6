import type { TestContext } from '../app.js'
import { signedInStaff } from '../staff-helpers.js'
import { bearerFor, newApplicant } from './fixtures.js'

/**
 * Who may call a route (issue 13): anyone, a signed-in applicant (bearer), staff, or one role,
 * or anyone signed in either way.
 */
export type Audience = 'anyone' | 'signedIn' | 'applicant' | 'staff' | 'admin' | 'jury'
export type Identity = 'anonymous' | 'applicant' | 'jury' | 'admin'

/**
 * The declared access of every API route. The test walks the server's own route table, so a
 * route missing here fails it: a new route cannot be added without saying who may call it.
 */
export const ACCESS: Record<string, Audience> = {
  'GET /api/health': 'anyone',
  'GET /api/health/live': 'anyone',
  'GET /api/metrics': 'admin',
  'GET /api/docs': 'anyone',
  'GET /api/auth/options': 'anyone',
  'POST /api/auth/login': 'anyone',
  'GET /api/login': 'anyone',
  'GET /api/login/callback': 'anyone',
  'GET /api/logout': 'anyone',
  'GET /api/auth/user': 'signedIn',
  'POST /api/change-password': 'staff',
  'GET /api/staff': 'admin',
  'POST /api/staff': 'admin',
  'PATCH /api/staff/:id': 'admin',
  'POST /api/staff/:id/reset-password': 'admin',
  'POST /api/staff/:id/deactivate': 'admin',
  'POST /api/staff/:id/activate': 'admin',
  'GET /api/admin/email-settings': 'admin',
  'POST /api/admin/email-settings': 'admin',
  'POST /api/admin/test-email': 'admin',
  'GET /api/admin/email-log': 'admin',
  'POST /api/register': 'anyone',
  'POST /api/confirm-participation': 'anyone',
  'GET /api/confirm-participation': 'anyone',
  'GET /api/applicants': 'staff',
  'POST /api/applicants': 'admin',
  'GET /api/applicants/:id': 'staff',
  'PUT /api/applicants/:id': 'admin',
  'DELETE /api/applicants/:id': 'admin',
  'POST /api/applicants/:id/select': 'staff',
  'GET /api/applicants/:id/pipeline': 'staff',
  'POST /api/applicants/:id/decision': 'admin',
  'POST /api/applicant/send-otp': 'anyone',
  'POST /api/applicant/verify-otp': 'anyone',
  'GET /api/applicant/dashboard': 'applicant',
  'POST /api/applicant/confirm-participation': 'applicant',
  'POST /api/applicant/logout': 'applicant',
  'GET /api/applicant/my-submissions': 'applicant',
  'GET /api/applicant/rounds': 'applicant',
  'GET /api/applicant/documents/:stageId': 'applicant',
  'POST /api/applicant/submit-stage': 'applicant',
  'POST /api/applicant/answer-files': 'applicant',
  'GET /api/applicant/answer-files/:id': 'applicant',
  'GET /api/answer-files/:id': 'staff',
  'POST /api/files': 'admin',
  'GET /api/files/:id': 'anyone',
  'GET /api/rounds': 'staff',
  'POST /api/rounds': 'admin',
  'PUT /api/rounds/:id': 'admin',
  'DELETE /api/rounds/:id': 'admin',
  'GET /api/rounds/:id/rubric': 'staff',
  'GET /api/jury-progress': 'staff',
  'PUT /api/rounds/:id/rubric': 'admin',
  'GET /api/rounds/:id/assignments': 'admin',
  'POST /api/rounds/:id/assignments': 'admin',
  'GET /api/rounds/:id/ranking': 'admin',
  'GET /api/rounds/:id/ranking.csv': 'admin',
  'POST /api/rounds/:id/github-check': 'staff',
  'GET /api/submissions': 'staff',
  'GET /api/submissions/:id/review': 'jury',
  'PUT /api/submissions/:id/review': 'jury',
  'POST /api/submissions/:id/conflict': 'jury',
  'GET /api/stage-stats': 'staff',
  'GET /api/recent-activity': 'staff',
  'GET /api/dashboard-charts': 'staff',
  'GET /api/events': 'staff',
  'POST /api/admin/export-applicants': 'admin',
  'POST /api/admin/export-rounds': 'admin',
  'GET /api/applicant-selection/template': 'admin',
  'GET /api/stage-details/template': 'admin',
  'POST /api/applicant-selection/upload': 'admin',
  'POST /api/stage-details/upload': 'admin',
}

export const allowed = (audience: Audience, who: Identity): boolean =>
  audience === 'anyone' ||
  (audience === 'signedIn' && who !== 'anonymous') ||
  (audience === 'staff' && (who === 'admin' || who === 'jury')) ||
  audience === who

/** Headers that call as each identity: a new applicant's bearer token, a jury and an admin session. */
export async function identityHeaders(
  ctx: TestContext,
): Promise<Record<Identity, Record<string, string>>> {
  const person = await newApplicant(ctx.database.db)
  return {
    anonymous: {},
    applicant: { authorization: `Bearer ${await bearerFor(ctx.database.db, person.id)}` },
    jury: { cookie: await signedInStaff(ctx.app, ctx.database.db, 'jury') },
    admin: { cookie: await signedInStaff(ctx.app, ctx.database.db, 'admin') },
  }
}
