import { RotateCw } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/error-message'

import { useEmailSettings } from '../api/get-email-settings'
import { EmailSettingsForm } from './email-settings-form'

/** 'Email Service Configuration' (SPEC.md section 2): the form, once the saved settings are in. */
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
        {settings.isPending ? (
          <div className="grid place-items-center py-8">
            <Spinner label="Loading email settings…" />
          </div>
        ) : settings.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 py-4 text-sm">
            <p>{errorMessage(settings.error, 'The email settings could not be loaded.')}</p>
            <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <EmailSettingsForm settings={settings.data} />
        )}
      </CardContent>
    </Card>
  )
}
