import type { RegistrationInput } from '@hackathon/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { registerApplicant } from './register-applicant'

const input = {
  name: 'Ada Lovelace',
  email: 'ada@college.example',
  mobile: '9876543210',
  studentId: 'S-1',
  course: 'Computer Science Engineering',
  yearOfGraduation: '2026',
  collegeName: 'Government Engineering College',
  linkedinProfile: '',
} as RegistrationInput

const keyOf = (call: Parameters<typeof fetch>) =>
  (call[1]?.headers as Record<string, string>)['idempotency-key']

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('registerApplicant', () => {
  it('retries a lost answer with the same Idempotency-Key and gives the registration ID', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(null, { status: 503 }))
      .mockResolvedValueOnce(new Response('{"registrationId":"HS-ABCD-1234"}', { status: 201 }))
    vi.stubGlobal('fetch', fetchMock)

    await expect(registerApplicant(input, { retryDelaysMs: [0, 0] })).resolves.toEqual({
      registrationId: 'HS-ABCD-1234',
    })
    expect(fetchMock).toHaveBeenCalledTimes(3)
    const keys = fetchMock.mock.calls.map(keyOf)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Set(keys).size).toBe(1)
  })

  it('sends a new key with each new attempt, and does not retry a refusal', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementation(async () => new Response('{"message":"taken"}', { status: 409 }))
    vi.stubGlobal('fetch', fetchMock)

    await expect(registerApplicant(input, { retryDelaysMs: [0, 0] })).rejects.toThrow(
      '409: {"message":"taken"}',
    )
    await expect(registerApplicant(input, { retryDelaysMs: [0, 0] })).rejects.toThrow('409')
    expect(fetchMock).toHaveBeenCalledTimes(2)
    const [first, second] = fetchMock.mock.calls.map(keyOf)
    expect(first).not.toBe(second)
  })

  it('gives up after its retries and reports the failure', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'))
    vi.stubGlobal('fetch', fetchMock)
    await expect(registerApplicant(input, { retryDelaysMs: [0, 0] })).rejects.toThrow(
      'Failed to fetch',
    )
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })
})
