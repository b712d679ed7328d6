export const APPLICANT_DASHBOARD_PATH = '/applicant/dashboard'
