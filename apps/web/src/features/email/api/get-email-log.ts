import type { EmailLog } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { emailKeys } from './keys'

/** The latest 50 messages, newest first. */
export function getEmailLog(): Promise<EmailLog> {
  return apiRequest<EmailLog>('GET', '/api/admin/email-log')
}

export function emailLogQueryOptions() {
  return queryOptions({ queryKey: emailKeys.log(), queryFn: getEmailLog })
}

export function useEmailLog() {
  return useQuery(emailLogQueryOptions())
}
