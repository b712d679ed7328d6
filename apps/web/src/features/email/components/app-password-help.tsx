import { ExternalLink } from 'lucide-react'
import { useId } from 'react'

const APP_PASSWORD_GUIDE = 'https://support.google.com/accounts/answer/185833'

/** Gmail refuses an account's normal password over SMTP: the preset only works with an App Password. */
export function AppPasswordHelp() {
  const titleId = useId()

  return (
    <div
      role="note"
      aria-labelledby={titleId}
      className="rounded-lg border border-secondary-hover bg-secondary p-4 text-sm"
    >
      <p id={titleId} className="font-medium">
        Gmail needs an App Password
      </p>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>Turn on 2-Step Verification (two-factor authentication) for the Google account.</li>
        <li>Generate an App Password for this platform in the account&apos;s security settings.</li>
        <li>Use that App Password as the password below, not the account&apos;s usual password.</li>
      </ol>
      <a
        href={APP_PASSWORD_GUIDE}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
      >
        Google&apos;s guide to App Passwords
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  )
}
