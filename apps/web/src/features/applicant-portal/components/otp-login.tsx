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
import { useController } from 'react-hook-form'
import { Link } from 'wouter'

import { errorOf, useZodForm } from '@/components/form/use-zod-form'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { FieldMessage, Label } from '@/components/ui/label'
import { toast } from '@/components/ui/use-toast'
import { apiErrorCode } from '@/lib/api-error-code'
import { errorMessage } from '@/lib/error-message'

import { useSendOtp } from '../api/send-otp'
import { useVerifyOtp } from '../api/verify-otp'

/**
 * The code field keeps digits only, at most LIMITS.otpDigits (docs/product/sign-in.md#applicants).
 */
export function otpDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, LIMITS.otpDigits)
}

/**
 * The applicant sign-in (docs/product/sign-in.md#applicants): the identifier step, then the
 * code step.
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
  const form = useZodForm(sendOtpInput, { defaultValues: { identifier } })
  const error = errorOf(form, 'identifier')

  const onSubmit = form.handleSubmit((input) => {
    if (!sending) onSend(input.identifier)
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={id}>Email or Mobile Number</Label>
        <Input
          id={id}
          {...form.register('identifier', { onChange: (event) => onChange(event.target.value) })}
          // Back from the code step, the field to correct is where the applicant left it.
          autoFocus={identifier !== ''}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com or 9876543210"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        {error ? (
          <FieldMessage error id={`${id}-error`}>
            {error}
          </FieldMessage>
        ) : (
          <FieldMessage id={`${id}-hint`}>The one you registered with.</FieldMessage>
        )}
      </div>
      <Button type="submit" size="lg" aria-disabled={sending} className="w-full">
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
  const form = useZodForm(verifyOtpInput, { defaultValues: { identifier, otp: '' } })
  const otp = useController({ control: form.control, name: 'otp' }).field
  const error = errorOf(form, 'otp')
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
      form.reset({ identifier, otp: '' })
      setUsedUp(false)
      input.current?.focus()
    })
  }

  // Checked when the form is sent, not during render: the handlers below use the input's ref.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    void form.handleSubmit(verifyCode)(event)
  }

  function verifyCode(request: VerifyOtpInput) {
    if (verify.isPending) return
    verify.mutate(request, {
      onSuccess: onSignedIn,
      onError: (err) => {
        if (apiErrorCode(err) === OTP_USED_UP) {
          form.setError('otp', { type: 'server', message: errorMessage(err, OTP_MESSAGES.invalid) })
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
            ref={(element) => {
              otp.ref(element)
              input.current = element
            }}
            id={id}
            name={otp.name}
            autoFocus
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            // No maxLength: it would cut a pasted "123 456" to "123 45" before the digits are kept.
            required
            value={otp.value}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${statusId} ${error ? `${id}-error` : `${id}-hint`}`}
            className="h-12 text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl"
            onChange={(event) => otp.onChange(otpDigits(event.target.value))}
            onBlur={otp.onBlur}
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
            onClick={resend}
          >
            <RotateCw aria-hidden="true" />
            {resending ? 'Sending...' : 'Send a new code'}
          </Button>
        )}
        <Button type="submit" size="lg" aria-disabled={verify.isPending} className="w-full">
          {verify.isPending ? 'Verifying...' : 'Verify OTP'}
        </Button>
      </form>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="ghost" onClick={onChangeIdentifier}>
          <ArrowLeft aria-hidden="true" />
          Change email or mobile
        </Button>
        <Button type="button" variant="ghost" aria-disabled={resending} onClick={resend}>
          <RotateCw aria-hidden="true" />
          {resending ? 'Sending...' : 'Resend code'}
        </Button>
      </div>
    </div>
  )
}
