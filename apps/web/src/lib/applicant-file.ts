import { clearApplicantSession, readApplicantSession } from './applicant-session'
import { saveResponse } from './download'

/** What the server says when there is no session to send, as bearerRequest raises it. */
const NO_SESSION_ERROR = `401: ${JSON.stringify({
  message: 'Please sign in again.',
  code: 'UNAUTHORIZED',
})}`

export interface ApplicantFile {
  /** GET /api/applicant/answer-files/{id}: the applicant's own answer file. */
  url: string
  /** Used when the answer names no file. */
  name: string
}

/**
 * Saves one of the applicant's own answer files. A plain link cannot carry the bearer token, so
 * the file is fetched with it and handed to the browser to save
 * (docs/product/submissions.md#answers). Shared by the stage page and My Submissions. A 401 ends
 * the session, as every bearer call does.
 */
export async function downloadApplicantFile({ url, name }: ApplicantFile): Promise<string> {
  const token = readApplicantSession()?.token
  if (!token) {
    clearApplicantSession()
    throw new Error(NO_SESSION_ERROR)
  }
  const res = await fetch(url, {
    credentials: 'include',
    headers: { Authorization: `Bearer ${token}` },
  })
  if (res.status === 401 && readApplicantSession()?.token === token) clearApplicantSession()
  return saveResponse(res, name)
}
