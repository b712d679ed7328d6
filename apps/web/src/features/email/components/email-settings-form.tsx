import {
  EMAIL_SETTINGS_MESSAGES,
  GMAIL_PRESET,
  emailSettingsInput,
  sameSmtpAccount,
  type EmailService,
  type EmailSettings,
  type EmailSettingsInput,
} from '@hackathon/contract'
import { Save, Send } from 'lucide-react'
import { Fragment, useId, useMemo, type ComponentProps, type FormEvent } from 'react'
import { useWatch } from 'react-hook-form'

import { formSchema } from '@/components/form/form-schema'
import { errorOf, useZodForm } from '@/components/form/use-zod-form'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { FieldMessage, Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'

import { useSendTestEmail } from '../api/send-test-email'
import { useUpdateEmailSettings } from '../api/update-email-settings'
import { AppPasswordHelp } from './app-password-help'

type Values = Required<EmailSettingsInput>
type TextField = 'emailHost' | 'emailPort' | 'emailUser' | 'emailPass' | 'fromEmail'

/** The account a stored password belongs to: changing it says again whether one is needed. */
const ACCOUNT: readonly TextField[] = ['emailHost', 'emailPort', 'emailUser']

const SERVICE_OPTIONS: readonly { value: EmailService; label: string; description: string }[] = [
  {
    value: 'gmail',
    label: 'Gmail (Recommended)',
    description: `${GMAIL_PRESET.host}, port ${GMAIL_PRESET.port}, with an App Password.`,
  },
  {
    value: 'custom',
    label: 'Custom SMTP Server',
    description: 'Any other provider, or your own mail server.',
  },
]

function valuesOf(settings: EmailSettings): Values {
  const preset = settings.emailService === 'gmail'
  return {
    enableEmails: settings.enableEmails,
    emailService: settings.emailService,
    // The preset's fields are locked, so they must show what a save will send, even on a
    // fresh install where nothing is stored yet.
    emailHost: preset ? GMAIL_PRESET.host : settings.emailHost,
    emailPort: preset ? GMAIL_PRESET.port : settings.emailPort,
    emailUser: settings.emailUser,
    emailPass: '',
    fromEmail: settings.fromEmail,
  }
}

/**
 * Whether the stored password would be kept: one is stored, and for this host, port and address
 * (the server keeps it for the account it was saved for only).
 */
const keepsPassword = (values: Values, settings: EmailSettings) =>
  settings.passwordSet && sameSmtpAccount(values, settings)

/**
 * emailSettingsInput, and the password rule only this form can check: the schema lets an empty
 * password through, since that keeps the stored one; only here is it known whether one is stored,
 * and for which server.
 */
const emailSettingsForm = (settings: EmailSettings) =>
  formSchema(emailSettingsInput, {
    input: (values: Values) => values,
    also: (values) =>
      values.enableEmails && !values.emailPass && !keepsPassword(values, settings)
        ? [
            {
              path: ['emailPass'],
              message: settings.passwordSet
                ? EMAIL_SETTINGS_MESSAGES.passwordForNewServer
                : EMAIL_SETTINGS_MESSAGES.passwordRequired,
            },
          ]
        : [],
  })

/** docs/product/email.md#settings: the email service form, with saving and a connection test. */
export function EmailSettingsForm({ settings }: { settings: EmailSettings }) {
  const schema = useMemo(() => emailSettingsForm(settings), [settings])
  // Reloaded after a save: the form shows what the server stored, without remounting (which
  // would drop the keyboard focus from the Save button).
  const stored = useMemo(() => valuesOf(settings), [settings])
  const form = useZodForm(schema, { values: stored })
  const values = useWatch({ control: form.control }) as Values
  const ids = {
    enable: useId(),
    service: useId(),
    emailHost: useId(),
    emailPort: useId(),
    emailUser: useId(),
    emailPass: useId(),
    fromEmail: useId(),
    test: useId(),
  }

  const save = useUpdateEmailSettings({
    onSuccess: () => {
      // The password is stored now; the field means 'replace it' from here on.
      form.setValue('emailPass', '')
      toast({ title: 'Email Settings Updated', description: EMAIL_SETTINGS_MESSAGES.saved })
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Update Failed',
        description: errorMessage(err, 'Failed to save the email settings. Please try again.'),
      }),
  })
  const test = useSendTestEmail({
    onSuccess: () =>
      toast({ title: 'Email Test Successful', description: EMAIL_SETTINGS_MESSAGES.testOk }),
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Email Test Failed',
        description: errorMessage(err, 'The email server could not be reached. Please try again.'),
      }),
  })

  /** A change made by a switch or a choice rather than typed: checked again as typing is. */
  function change(patch: Partial<Values>) {
    for (const [field, value] of Object.entries(patch)) {
      form.setValue(field as keyof Values, value, { shouldDirty: true })
    }
    // These fields decide what the others must hold.
    if (form.formState.isSubmitted) void form.trigger()
  }

  function chooseService(service: string) {
    if (service === 'gmail') {
      change({ emailService: 'gmail', emailHost: GMAIL_PRESET.host, emailPort: GMAIL_PRESET.port })
    } else if (service === 'custom') {
      change({ emailService: 'custom', emailHost: '', emailPort: '' })
    }
  }

  const saveChecked = form.handleSubmit((input) => save.mutate(input))
  function submit(event: FormEvent<HTMLFormElement>) {
    if (save.isPending) {
      event.preventDefault()
      return
    }
    void saveChecked(event)
  }

  const text = (field: TextField) => ({
    id: ids[field],
    ...form.register(field, ACCOUNT.includes(field) ? { deps: ['emailPass'] } : {}),
    error: errorOf(form, field),
  })
  const preset = values.emailService === 'gmail'
  const passwordHint = [
    ...(preset ? ['16 characters'] : []),
    ...(keepsPassword(values, settings)
      ? ['A password is set: leave this empty to keep it.']
      : settings.passwordSet
        ? ['A password is saved for another server: enter the password for this one.']
        : []),
  ]

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-4">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.enable}>Enable Email Notifications</Label>
          <p id={`${ids.enable}-hint`} className="text-sm text-muted-foreground">
            Send confirmation emails to applicants after registration.
            {!values.enableEmails &&
              ' While this is off, only sign-in codes and staff invitations are sent.'}
          </p>
        </div>
        <Switch
          id={ids.enable}
          checked={values.enableEmails}
          onCheckedChange={(enableEmails) => change({ enableEmails })}
          aria-describedby={`${ids.enable}-hint`}
        />
      </div>

      {values.enableEmails && (
        <>
          <fieldset className="grid gap-3">
            <legend id={ids.service} className="mb-3 text-sm leading-none font-medium">
              Email Service Provider
            </legend>
            <RadioGroup
              value={values.emailService}
              onValueChange={chooseService}
              aria-labelledby={ids.service}
              className="sm:grid-cols-2"
            >
              {SERVICE_OPTIONS.map((option) => {
                const id = `${ids.service}-${option.value}`
                return (
                  <div
                    key={option.value}
                    className="flex items-start gap-3 rounded-lg border border-border p-4 has-[[data-state=checked]]:border-primary"
                  >
                    <RadioGroupItem
                      id={id}
                      value={option.value}
                      aria-describedby={`${id}-hint`}
                      className="mt-0.5"
                    />
                    <div className="grid gap-1.5">
                      <Label htmlFor={id} className="cursor-pointer">
                        {option.label}
                      </Label>
                      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                        {option.description}
                      </p>
                    </div>
                  </div>
                )
              })}
            </RadioGroup>
          </fieldset>

          {preset && <AppPasswordHelp />}

          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label="SMTP Host"
              {...text('emailHost')}
              readOnly={preset}
              hint={preset ? 'Set by the Gmail preset.' : undefined}
              autoComplete="off"
              spellCheck={false}
            />
            <TextInput
              label="SMTP Port"
              {...text('emailPort')}
              readOnly={preset}
              hint="587 for TLS, 465 for SSL"
              inputMode="numeric"
              autoComplete="off"
            />
            <TextInput
              label="Email Address"
              {...text('emailUser')}
              hint="The account that signs in to the SMTP server."
              type="email"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
            />
            <TextInput
              label={preset ? 'App Password' : 'Password'}
              {...text('emailPass')}
              hint={passwordHint}
              placeholder={keepsPassword(values, settings) ? 'A password is set' : undefined}
              type="password"
              // 'new-password' keeps browsers from filling in the admin's own saved sign-in.
              autoComplete="new-password"
            />
            <TextInput
              label="Sender Email Address"
              {...text('fromEmail')}
              hint="Appears as the sender of registration confirmation emails."
              type="email"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        </>
      )}

      <div className="grid gap-3">
        <div className="flex flex-col gap-3 sm:flex-row">
          {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
          <Button type="submit" aria-disabled={save.isPending}>
            <Save aria-hidden="true" />
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
          {values.enableEmails && (
            <Button
              type="button"
              variant="outline"
              aria-disabled={test.isPending || save.isPending}
              onClick={() => {
                if (!test.isPending && !save.isPending) test.mutate()
              }}
              aria-describedby={ids.test}
            >
              <Send aria-hidden="true" />
              {test.isPending ? 'Testing...' : 'Test Connection'}
            </Button>
          )}
        </div>
        {values.enableEmails && (
          <FieldMessage id={ids.test}>
            Test Connection signs in with the saved settings and sends a test message to your own
            address, so save any changes first.
          </FieldMessage>
        )}
      </div>
    </form>
  )
}

/** A labelled input whose error and hint lines sit beneath it and are read out with it. */
function TextInput({
  id,
  label,
  hint = [],
  error,
  ...props
}: ComponentProps<typeof Input> & {
  id: string
  label: string
  hint?: string | readonly string[]
  error?: string
}) {
  const hintLines = typeof hint === 'string' ? [hint] : hint
  const describedBy = [error && `${id}-error`, hintLines.length > 0 && `${id}-hint`]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        // Room above a field that a failed submit focuses, for its label and the phone's sticky header.
        className="scroll-mt-24 read-only:bg-muted"
        {...props}
      />
      {error && (
        <FieldMessage error id={`${id}-error`}>
          {error}
        </FieldMessage>
      )}
      {hintLines.length > 0 && (
        <FieldMessage id={`${id}-hint`}>
          {hintLines.map((line, index) => (
            <Fragment key={line}>
              {/* A space between lines, so a screen reader does not run them together. */}
              {index > 0 && ' '}
              <span className="block">{line}</span>
            </Fragment>
          ))}
        </FieldMessage>
      )}
    </div>
  )
}
