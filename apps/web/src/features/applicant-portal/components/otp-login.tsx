import {
  LIMITS,
  OTP_MESSAGES,
  OTP_USED_UP,
  sendOtpInput,
  verifyOtpInput,
  type VerifyOtpInput,
} from '@hackathon/contract'
import { ArrowLeft, KeyRound, MailCheck, RotateCw } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { FieldMessage, Label } from '@/components/ui/label'
import { toast } from '@/components/ui/use-toast'
import { apiErrorCode } from '@/lib/api-error-code'
import { errorMessage } from '@/lib/error-message'
import { fieldErrors } from '@/lib/field-errors'

import { useSendOtp } from '../api/send-otp'
import { useVerifyOtp } from '../api/verify-otp'

/** SPEC.md section 5: the code field keeps digits only, at most LIMITS.otpDigits of them. */
export function otpDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, LIMITS.otpDigits)
}

/**
 * The applicant sign-in of SPEC.md sections 2 and 4: the identifier step, then the code step.
 * `onSignedIn` runs once the session is stored.
 */
export function OtpLogin({ onSignedIn }: { onSignedIn: () => void }) {
  const [identifier, setIdentifier] = useState('')
  // The server's answer to the last send; its presence means the code step is showing.
  const [sentMessage, setSentMessage] = useState<string | null>(null)
  const sendOtp = useSendOtp()

  function send(value: string, onSent: (message: string) => void) {
    sendOtp.mutate(
      { identifier: value },
      {
        onSuccess: (answer) => onSent(answer?.message || OTP_MESSAGES.sent),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(err, OTP_MESSAGES.sendFailed),
          }),
      },
    )
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader className="items-center text-center">
        <span className="mb-2 grid size-12 place-items-center rounded-full bg-secondary text-primary">
          {sentMessage === null ? (
            <KeyRound aria-hidden="true" className="size-6" />
          ) : (
            <MailCheck aria-hidden="true" className="size-6" />
          )}
        </span>
        <CardTitle asChild className="text-2xl">
          <h1>Applicant Login</h1>
        </CardTitle>
        <CardDescription>
          {sentMessage === null
            ? 'Sign in with a one-time code sent to you. No password needed.'
            : `Enter the ${LIMITS.otpDigits}-digit code to sign in.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {sentMessage === null ? (
          <IdentifierStep
            identifier={identifier}
            onChange={setIdentifier}
            sending={sendOtp.isPending}
            onSend={(value) => send(value, setSentMessage)}
          />
        ) : (
          <CodeStep
            identifier={identifier.trim()}
            sentMessage={sentMessage}
            resending={sendOtp.isPending}
            onResend={(onSent) =>
              send(identifier.trim(), (message) => {
                setSentMessage(message)
                // The text on the page may not change, so the new send is confirmed out loud.
                toast({ title: 'Code sent', description: message })
                onSent()
              })
            }
            onChangeIdentifier={() => setSentMessage(null)}
            onSignedIn={onSignedIn}
          />
        )}
        <p className="text-center text-sm text-muted-foreground">
          Not registered yet?{' '}
          <Link
            href="/"
            className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Register here
          </Link>
        </p>
      </CardContent>
    </Card>
  )
}

function IdentifierStep({
  identifier,
  onChange,
  sending,
  onSend,
}: {
  identifier: string
  onChange: (value: string) => void
  sending: boolean
  onSend: (identifier: string) => void
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    const parsed = sendOtpInput.safeParse({ identifier })
    if (!parsed.success) {
      setError(fieldErrors<'identifier'>(parsed.error.issues).identifier ?? null)
      input.current?.focus()
      return
    }
    setError(null)
    onSend(parsed.data.identifier)
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={id}>Email or Mobile Number</Label>
        <Input
          ref={input}
          id={id}
          name="identifier"
          // Back from the code step, the field to correct is where the applicant left it.
          autoFocus={identifier !== ''}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com or 9876543210"
          required
          value={identifier}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
        />
        {error ? (
          <FieldMessage error id={`${id}-error`}>
            {error}
          </FieldMessage>
        ) : (
          <FieldMessage id={`${id}-hint`}>The one you registered with.</FieldMessage>
        )}
      </div>
      <Button
        type="submit"
        size="lg"
        aria-disabled={sending}
        className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      >
        {sending ? 'Sending...' : 'Send OTP'}
      </Button>
    </form>
  )
}

function CodeStep({
  identifier,
  sentMessage,
  resending,
  onResend,
  onChangeIdentifier,
  onSignedIn,
}: {
  identifier: string
  sentMessage: string
  resending: boolean
  onResend: (onSent: () => void) => void
  onChangeIdentifier: () => void
  onSignedIn: () => void
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [otp, setOtp] = useState('')
  const [error, setError] = useState<string | null>(null)
  // The code's tries are spent: even the right one fails, so the way on is a new code (issue 22).
  const [usedUp, setUsedUp] = useState(false)
  const offer = useRef<HTMLButtonElement>(null)
  const statusId = useId()
  const verify = useVerifyOtp()

  useEffect(() => {
    if (usedUp) offer.current?.focus()
  }, [usedUp])

  function resend() {
    if (resending) return
    onResend(() => {
      setOtp('')
      setError(null)
      setUsedUp(false)
      input.current?.focus()
    })
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (verify.isPending) return
    const parsed = verifyOtpInput.safeParse({ identifier, otp })
    if (!parsed.success) {
      setError(fieldErrors<keyof VerifyOtpInput>(parsed.error.issues).otp ?? null)
      input.current?.focus()
      return
    }
    setError(null)
    verify.mutate(parsed.data, {
      onSuccess: onSignedIn,
      onError: (err) => {
        if (apiErrorCode(err) === OTP_USED_UP) {
          setError(errorMessage(err, OTP_MESSAGES.invalid))
          setUsedUp(true)
          return
        }
        toast({
          variant: 'destructive',
          title: 'Verification Failed',
          description: errorMessage(err, OTP_MESSAGES.verifyFailed),
        })
        // Ready for the corrected code: typing replaces the wrong one.
        input.current?.select()
      },
    })
  }

  return (
    <div className="grid gap-4">
      <p
        id={statusId}
        role="status"
        className="rounded-md border border-border bg-muted px-3 py-2 text-sm text-muted-foreground"
      >
        {sentMessage}
      </p>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={id}>Enter OTP</Label>
          <Input
            ref={input}
            id={id}
            name="otp"
            autoFocus
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            // No maxLength: it would cut a pasted "123 456" to "123 45" before the digits are kept.
            required
            value={otp}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${statusId} ${error ? `${id}-error` : `${id}-hint`}`}
            className="h-12 text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl"
            onChange={(event) => setOtp(otpDigits(event.target.value))}
          />
          {error ? (
            <FieldMessage error id={`${id}-error`}>
              {error}
            </FieldMessage>
          ) : (
            <FieldMessage id={`${id}-hint`}>
              Sent for <span className="font-medium break-all text-foreground">{identifier}</span>
            </FieldMessage>
          )}
        </div>
        {usedUp && (
          <Button
            ref={offer}
            type="button"
            variant="outline"
            aria-disabled={resending}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            onClick={resend}
          >
            <RotateCw aria-hidden="true" />
            {resending ? 'Sending...' : 'Send a new code'}
          </Button>
        )}
        <Button
          type="submit"
          size="lg"
          aria-disabled={verify.isPending}
          className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          {verify.isPending ? 'Verifying...' : 'Verify OTP'}
        </Button>
      </form>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="ghost" onClick={onChangeIdentifier}>
          <ArrowLeft aria-hidden="true" />
          Change email or mobile
        </Button>
        <Button
          type="button"
          variant="ghost"
          aria-disabled={resending}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          onClick={resend}
        >
          <RotateCw aria-hidden="true" />
          {resending ? 'Sending...' : 'Resend code'}
        </Button>
      </div>
    </div>
  )
}
