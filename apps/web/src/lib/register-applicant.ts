import {
  IDEMPOTENCY_KEY_HEADER,
  type RegistrationInput,
  type RegistrationResponse,
} from '@hackathon/contract'
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'

import { throwIfResNotOk } from '@/lib/api'
import { invalidateTopics } from '@/lib/stale-queries'

/** A registration form before anything is typed: strings as typed; the contract's schema trims and checks them. */
export const EMPTY_REGISTRATION: Record<keyof RegistrationInput, string> = {
  name: '',
  email: '',
  mobile: '',
  studentId: '',
  collegeName: '',
  course: '',
  yearOfGraduation: '',
  linkedinProfile: '',
}

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
      // A new applicant and its activity item: the staff screens' lists and figures refresh. Not
      // awaited: the visitor's success screen must not wait on staff data being refetched.
      void invalidateTopics(queryClient, ['applicants', 'activity'])
    },
  })
}
