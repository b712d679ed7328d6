import type { EmailStatus } from '@hackathon/contract'

import type { BadgeProps } from '@/components/ui/badge'

/** Every delivery state is named in words; the badge colour only repeats it. */
export const EMAIL_STATUS_BADGES: Readonly<
  Record<EmailStatus, { label: string; variant: BadgeProps['variant'] }>
> = {
  queued: { label: 'Queued', variant: 'secondary' },
  sending: { label: 'Sending', variant: 'secondary' },
  retrying: { label: 'Retrying', variant: 'outline' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  skipped: { label: 'Skipped', variant: 'outline' },
}
