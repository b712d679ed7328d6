/**
 * What a bulk upload changes on other screens: applicant statuses and stages, round figures,
 * and the dashboard counts and activity built from them. The keys are spelled as their GET
 * paths (SPEC.md section 7) because a feature may not import another feature's key factory;
 * as prefixes they match every list the applicants, rounds and dashboard screens keep.
 */
export const REFRESHED_BY_UPLOAD = [
  ['/api/applicants'],
  ['/api/rounds'],
  ['/api/stage-stats'],
  ['/api/recent-activity'],
] as const
