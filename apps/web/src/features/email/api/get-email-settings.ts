import type { EmailSettings } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { emailKeys } from './keys'

/** The password never comes back: `emailPass` is always empty and `passwordSet` says if one is stored. */
export function getEmailSettings(): Promise<EmailSettings> {
  return apiRequest<EmailSettings>('GET', '/api/admin/email-settings')
}

export function emailSettingsQueryOptions() {
  return queryOptions({ queryKey: emailKeys.settings(), queryFn: getEmailSettings })
}

export function useEmailSettings() {
  return useQuery(emailSettingsQueryOptions())
}
