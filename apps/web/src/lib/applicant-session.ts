import {
  APPLICANT_STORAGE,
  applicant as applicantSchema,
  type Applicant,
} from '@hackathon/contract'
import { useSyncExternalStore } from 'react'

import { throwIfResNotOk } from './api'
import { notify, read, subscribe, write } from './applicant-token'

/**
 * Where an applicant signs in, and where every ended session sends them
 * (docs/product/sign-in.md#applicant-sessions).
 */
export const APPLICANT_LOGIN_PATH = '/applicant/login'

export interface ApplicantSession {
  token: string
  /** Null when the stored copy is missing or from an older shape: the token alone still works. */
  applicant: Applicant | null
}

function parseApplicant(raw: string | null): Applicant | null {
  if (!raw) return null
  try {
    const stored: unknown = JSON.parse(raw)
    // Stored before applicants carried `updatedAt`: their creation time stands in, so an applicant
    // signed in across the upgrade keeps their name on screen.
    const parsed = applicantSchema.safeParse(
      typeof stored === 'object' && stored !== null && 'createdAt' in stored
        ? { updatedAt: stored.createdAt, ...stored }
        : stored,
    )
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The last snapshot, kept so that unchanged storage gives React the same object back. */
let snapshot: {
  token: string | null
  rawApplicant: string | null
  session: ApplicantSession | null
} = { token: null, rawApplicant: null, session: null }

export function readApplicantSession(): ApplicantSession | null {
  const token = read(APPLICANT_STORAGE.token)
  const rawApplicant = read(APPLICANT_STORAGE.applicant)
  if (token !== snapshot.token || rawApplicant !== snapshot.rawApplicant) {
    snapshot = {
      token,
      rawApplicant,
      session: token ? { token, applicant: parseApplicant(rawApplicant) } : null,
    }
  }
  return snapshot.session
}

export function saveApplicantSession({
  sessionToken,
  applicant,
}: {
  sessionToken: string
  applicant: Applicant
}): void {
  write(APPLICANT_STORAGE.token, sessionToken)
  write(APPLICANT_STORAGE.applicant, JSON.stringify(applicant))
  notify()
}

/** Keeps the stored copy current after a change the server reports (e.g. a confirmation). */
export function updateStoredApplicant(applicant: Applicant): void {
  if (!read(APPLICANT_STORAGE.token)) return
  write(APPLICANT_STORAGE.applicant, JSON.stringify(applicant))
  notify()
}

/** Forgets the session; every mounted applicant page then sends the browser to the login page. */
export function clearApplicantSession(): void {
  write(APPLICANT_STORAGE.token, null)
  write(APPLICANT_STORAGE.applicant, null)
  notify()
}

/** The stored applicant session, kept current as it is saved, cleared or changed in another tab. */
export function useApplicantSession(): ApplicantSession | null {
  return useSyncExternalStore(subscribe, readApplicantSession, () => null)
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD'])

/** The error text apiRequest raises for a 401, so errorMessage and apiErrorStatus read it alike. */
const NO_SESSION_ERROR = `401: ${JSON.stringify({
  message: 'Please sign in again.',
  code: 'UNAUTHORIZED',
})}`

/**
 * apiRequest for the applicant's calls (docs/product/api.md#the-applicants-calls): the same JSON
 * body rules, plus the stored token as `Authorization: Bearer <token>`. A 401 means the session is
 * over (docs/product/sign-in.md#applicant-sessions): the stored token and data are cleared, which
 * sends every applicant page to the login page, and the error is raised as usual so the caller's
 * pending state ends.
 */
export async function bearerRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const token = read(APPLICANT_STORAGE.token)
  if (!token) {
    clearApplicantSession()
    throw new Error(NO_SESSION_ERROR)
  }
  const sendsBody = !READ_ONLY_METHODS.has(method.toUpperCase())
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(sendsBody ? { 'Content-Type': 'application/json' } : {}),
    },
    body: sendsBody ? JSON.stringify(body === undefined ? {} : body) : undefined,
  })
  // Only the session this request was made with is over: a 401 that arrives after the applicant
  // has signed in again (in this tab or another) must not sign them out of the new session.
  if (res.status === 401 && read(APPLICANT_STORAGE.token) === token) clearApplicantSession()
  await throwIfResNotOk(res)
  const text = await res.text()
  return (text ? JSON.parse(text) : undefined) as T
}
