import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { apiRequest, getQueryFn } from './api'

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function contextFor(queryKey: readonly unknown[]): QueryFunctionContext {
  return {
    client: new QueryClient(),
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
  } as QueryFunctionContext
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('apiRequest', () => {
  it('raises "STATUS: body" with the raw body text of a failed answer', async () => {
    stubFetch(
      new Response('{"message":"Email already registered","code":"CONFLICT"}', {
        status: 409,
        statusText: 'Conflict',
      }),
    )

    await expect(apiRequest('POST', '/api/register', { name: 'Ada' })).rejects.toThrow(
      new Error('409: {"message":"Email already registered","code":"CONFLICT"}'),
    )
  })

  it('falls back to the status text when a failed answer has an empty body', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }))

    await expect(apiRequest('GET', '/api/rounds')).rejects.toThrow(
      new Error('503: Service Unavailable'),
    )
  })

  it('sends cookies and a JSON body with its content type, and returns the parsed answer', async () => {
    const fetchMock = stubFetch(Response.json({ registrationId: 'REG-1' }))

    const answer = await apiRequest('POST', '/api/register', { name: 'Ada' })

    expect(answer).toEqual({ registrationId: 'REG-1' })
    expect(fetchMock).toHaveBeenCalledWith('/api/register', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"Ada"}',
    })
  })

  it('sends an empty JSON object with its content type when a state-changing call has no body', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }))

    await expect(apiRequest('DELETE', '/api/applicants/7')).resolves.toBeUndefined()
    expect(fetchMock).toHaveBeenCalledWith('/api/applicants/7', {
      method: 'DELETE',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
  })

  it('sends neither a body nor a content type with a GET', async () => {
    const fetchMock = stubFetch(Response.json({ rounds: [] }))

    await apiRequest('GET', '/api/rounds')

    expect(fetchMock).toHaveBeenCalledWith('/api/rounds', {
      method: 'GET',
      credentials: 'include',
      headers: undefined,
      body: undefined,
    })
  })
})

describe('getQueryFn', () => {
  it('GETs the path formed by joining the query key parts with "/"', async () => {
    const fetchMock = stubFetch(Response.json({ documents: [] }))

    const data = await getQueryFn({ on401: 'throw' })(
      contextFor(['/api/applicant/documents', 'stage2']),
    )

    expect(data).toEqual({ documents: [] })
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/applicant/documents/stage2')
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' })
  })

  it('returns null on 401 when asked to', async () => {
    stubFetch(new Response('Not signed in', { status: 401, statusText: 'Unauthorized' }))

    await expect(
      getQueryFn({ on401: 'returnNull' })(contextFor(['/api/auth/user'])),
    ).resolves.toBeNull()
  })

  it('raises the 401 as an error when told to throw', async () => {
    stubFetch(new Response('Not signed in', { status: 401, statusText: 'Unauthorized' }))

    await expect(getQueryFn({ on401: 'throw' })(contextFor(['/api/auth/user']))).rejects.toThrow(
      new Error('401: Not signed in'),
    )
  })
})
