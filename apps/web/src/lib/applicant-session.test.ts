import { APPLICANT_STORAGE } from '@hackathon/contract'
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { errorResponse, stubApi } from '@/test/fetch-stub'
import { applicantRecord } from '@/test/fixtures'

import {
  bearerRequest,
  readApplicantSession,
  saveApplicantSession,
  useApplicantSession,
} from './applicant-session'

const applicant = applicantRecord()

beforeEach(() => {
  saveApplicantSession({ sessionToken: 'token-1', applicant })
})

afterEach(() => {
  localStorage.clear()
  vi.unstubAllGlobals()
})

describe('bearerRequest', () => {
  it('sends the stored token as a bearer credential, and no body with a GET', async () => {
    const fetchMock = stubApi({
      'GET /api/applicant/my-submissions': () => Response.json({ submissions: [] }),
    })

    await expect(bearerRequest('GET', '/api/applicant/my-submissions')).resolves.toEqual({
      submissions: [],
    })
    expect(fetchMock).toHaveBeenCalledWith('/api/applicant/my-submissions', {
      method: 'GET',
      credentials: 'include',
      headers: { Authorization: 'Bearer token-1' },
      body: undefined,
    })
  })

  it('sends {} with its JSON content type on a state-changing call without a body', async () => {
    const fetchMock = stubApi({
      'POST /api/applicant/logout': () => Response.json({ message: 'Logged out' }),
    })

    await bearerRequest('POST', '/api/applicant/logout')

    expect(fetchMock).toHaveBeenCalledWith('/api/applicant/logout', {
      method: 'POST',
      credentials: 'include',
      headers: { Authorization: 'Bearer token-1', 'Content-Type': 'application/json' },
      body: '{}',
    })
  })

  it('raises "STATUS: body" like apiRequest and keeps the session on other failures', async () => {
    stubApi({
      'POST /api/applicant/confirm-participation': () =>
        errorResponse(409, 'Only a selected applicant can confirm', 'CONFLICT'),
    })

    await expect(bearerRequest('POST', '/api/applicant/confirm-participation')).rejects.toThrow(
      '409: {"message":"Only a selected applicant can confirm","code":"CONFLICT"}',
    )
    expect(localStorage.getItem(APPLICANT_STORAGE.token)).toBe('token-1')
  })

  it('clears the stored token and applicant data on a 401, and tells the pages', async () => {
    stubApi({
      'GET /api/applicant/dashboard': () => errorResponse(401, 'Session expired', 'UNAUTHORIZED'),
    })
    const { result } = renderHook(() => useApplicantSession())
    expect(result.current?.applicant?.name).toBe('Asha Rao')

    await act(async () => {
      await expect(bearerRequest('GET', '/api/applicant/dashboard')).rejects.toThrow(/^401: /)
    })

    expect(localStorage.getItem(APPLICANT_STORAGE.token)).toBeNull()
    expect(localStorage.getItem(APPLICANT_STORAGE.applicant)).toBeNull()
    expect(result.current).toBeNull()
  })

  it('keeps a newer session when a request made with an older token answers 401', async () => {
    stubApi({
      'GET /api/applicant/dashboard': () => {
        saveApplicantSession({ sessionToken: 'token-2', applicant })
        return errorResponse(401, 'Session expired', 'UNAUTHORIZED')
      },
    })

    await expect(bearerRequest('GET', '/api/applicant/dashboard')).rejects.toThrow(/^401: /)

    expect(readApplicantSession()?.token).toBe('token-2')
  })

  it('sends nothing without a stored token, and fails as a 401', async () => {
    localStorage.clear()
    const fetchMock = stubApi({})

    await expect(bearerRequest('GET', '/api/applicant/dashboard')).rejects.toThrow(/^401: /)
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe('readApplicantSession', () => {
  it('keeps the token when the stored applicant data is unreadable', () => {
    localStorage.setItem(APPLICANT_STORAGE.applicant, '{not json')

    expect(readApplicantSession()).toEqual({ token: 'token-1', applicant: null })
  })

  it('keeps an applicant stored before applicants carried their updatedAt', () => {
    const { updatedAt: _updatedAt, ...storedBefore } = applicant
    localStorage.setItem(APPLICANT_STORAGE.applicant, JSON.stringify(storedBefore))

    expect(readApplicantSession()?.applicant?.name).toBe('Asha Rao')
  })

  it('gives React the same object while storage is unchanged', () => {
    expect(readApplicantSession()).toBe(readApplicantSession())
  })
})
