import { QueryState } from '@/components/query-state'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

import { useEmailSettings } from '../api/get-email-settings'
import { EmailSettingsForm } from './email-settings-form'

/** 'Email Service Configuration' (docs/product/email.md#settings), once the settings are in. */
export function EmailSettingsCard() {
  const settings = useEmailSettings()

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Email Service Configuration</h2>
        </CardTitle>
        <CardDescription>
          How the platform sends registration confirmations and other notifications.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={settings}
          loadingLabel="Loading email settings…"
          errorText="The email settings could not be loaded."
          errorClassName="py-4"
        >
          {(saved) => <EmailSettingsForm settings={saved} />}
        </QueryState>
      </CardContent>
    </Card>
  )
}
