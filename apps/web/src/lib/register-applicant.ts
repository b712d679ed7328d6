import {
  IDEMPOTENCY_KEY_HEADER,
  type RegistrationInput,
  type RegistrationResponse,
} from '@hackathon/contract'
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'

import { throwIfResNotOk } from '@/lib/api'

/**
 * What a new registration changes on the staff screens (SPEC.md section 7: "afterwards
 * applicant and dashboard-stats data are refreshed"). The prefixes are spelled out rather than
 * imported: this call is shared by the registration page and the admin's New Registration modal,
 * and lib/ may not know the features. A query key is its GET path, so they match
 * whatever keys the applicant and dashboard features build under them.
 */
const REFRESHED_BY_REGISTRATION = [
  ['/api/applicants'],
  ['/api/stage-stats'],
  ['/api/rounds'],
  ['/api/recent-activity'],
  ['/api/dashboard-charts'],
] as const

/** Answers that say the request may not have been handled: tried again with the same key. */
const RETRIED_STATUSES = new Set([502, 503, 504])
const RETRY_DELAYS_MS = [1_000, 3_000]

/**
 * One registration attempt: a new Idempotency-Key, the same on its automatic retries when the
 * answer is lost (no answer, or 502/503/504), so a retry gets the original registration ID
 * instead of "already registered" (docs/product/registration.md#retries).
 */
export async function registerApplicant(
  input: RegistrationInput,
  { retryDelaysMs = RETRY_DELAYS_MS }: { retryDelaysMs?: readonly number[] } = {},
): Promise<RegistrationResponse> {
  const key = crypto.randomUUID()
  for (let attempt = 0; ; attempt++) {
    let res: Response
    try {
      res = await fetch('/api/register', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: key },
        body: JSON.stringify(input),
      })
    } catch (error) {
      if (attempt >= retryDelaysMs.length) throw error
      await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt]))
      continue
    }
    if (RETRIED_STATUSES.has(res.status) && attempt < retryDelaysMs.length) {
      await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt]))
      continue
    }
    await throwIfResNotOk(res)
    return (await res.json()) as RegistrationResponse
  }
}

/**
 * The callbacks belong to the mutation, not to one `mutate` call, so a failure is still
 * announced if the visitor leaves the page while the registration is on its way.
 */
export function useRegisterApplicant(
  options: Pick<
    UseMutationOptions<RegistrationResponse, Error, RegistrationInput>,
    'onSuccess' | 'onError'
  > = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RegistrationInput) => registerApplicant(input),
    ...options,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args)
      // Not awaited: the visitor's success screen must not wait on staff data being refetched.
      for (const queryKey of REFRESHED_BY_REGISTRATION) {
        void queryClient.invalidateQueries({ queryKey })
      }
    },
  })
}
