import {
  APP_NAME,
  APPLICANT_MESSAGES,
  confirmParticipationInput,
  type ConfirmParticipationInput,
} from '@hackathon/contract'
import { CircleAlert, CircleCheck, MailCheck, PartyPopper, type LucideIcon } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'

import { ApplicantLoginLink, BackHomeLink } from '@/components/public-links'
import { QueryState } from '@/components/query-state'
import { Button } from '@/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'
import { cn } from '@/lib/utils'

import { useConfirmationCheck, useConfirmParticipation } from '../api/confirm-participation'

const FAILED_FALLBACK = 'Failed to confirm participation. Please try again.'

/**
 * docs/product/applicants.md#confirmation, for the `code` of the emailed link. Nothing is sent
 * until the applicant presses the button: mail scanners open links to check them, and must not
 * confirm anyone on the way.
 */
export function ConfirmParticipation({ code }: { code: string | null }) {
  const parsed = confirmParticipationInput.safeParse({ code: code ?? '' })
  return parsed.success ? <CheckedLink input={parsed.data} /> : <InvalidLink />
}

/** The code is checked first; only a live one is greeted as selected (issue 22). */
function CheckedLink({ input }: { input: ConfirmParticipationInput }) {
  const check = useConfirmationCheck(input)
  return (
    <QueryState
      query={check}
      loadingLabel="Checking your confirmation link..."
      errorText={APPLICANT_MESSAGES.invalidLink}
      loadingClassName="py-0"
      renderLoading={(spinner) => (
        <StatusCard icon={MailCheck} tone="primary" title="Checking Your Link">
          <CardContent className="pb-8">{spinner}</CardContent>
        </StatusCard>
      )}
      // A refusal, not a failed load: the link is what is wrong, so there is nothing to retry.
      renderError={({ error }) => (
        <InvalidLink message={errorMessage(error, APPLICANT_MESSAGES.invalidLink)} />
      )}
    >
      {() => <ConfirmWithCode input={input} />}
    </QueryState>
  )
}

/** A link with no code, or one the server refused: what it says, and the ways on. */
function InvalidLink({ message }: { message?: string }) {
  return (
    <StatusCard icon={CircleAlert} tone="destructive" title="Invalid Link" announce={!!message}>
      <CardContent className="grid gap-2 text-center text-sm">
        <p className="text-muted-foreground">{message ?? APPLICANT_MESSAGES.invalidLink}</p>
        {message && (
          <p className="text-muted-foreground">
            If you have already confirmed, sign in to see your status.
          </p>
        )}
      </CardContent>
      <CardFooter
        className={
          message ? 'flex-col-reverse gap-3 sm:flex-row sm:justify-between' : 'justify-center'
        }
      >
        <BackHomeLink />
        {message && <ApplicantLoginLink />}
      </CardFooter>
    </StatusCard>
  )
}

function ConfirmWithCode({ input }: { input: ConfirmParticipationInput }) {
  const confirm = useConfirmParticipation({
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Confirmation Failed',
        description: errorMessage(err, FAILED_FALLBACK),
      }),
  })

  if (confirm.isSuccess) {
    return (
      <StatusCard icon={CircleCheck} tone="success" title="Participation Confirmed" announce>
        <CardContent className="grid gap-2 text-center text-sm">
          <p className="font-medium">{confirm.data.message || APPLICANT_MESSAGES.confirmed}</p>
          <p className="text-muted-foreground">
            Sign in with your email address or mobile number to follow your progress and submit your
            work for each stage.
          </p>
        </CardContent>
        <CardFooter className="flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <BackHomeLink />
          <ApplicantLoginLink />
        </CardFooter>
      </StatusCard>
    )
  }

  if (confirm.isError) {
    return (
      <StatusCard icon={CircleAlert} tone="destructive" title="Confirmation Failed" announce>
        <CardContent className="grid gap-2 text-center text-sm">
          <p className="font-medium">{errorMessage(confirm.error, FAILED_FALLBACK)}</p>
          <p className="text-muted-foreground">
            If you have already confirmed, sign in to see your status.
          </p>
        </CardContent>
        <CardFooter className="flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <BackHomeLink />
          <ApplicantLoginLink />
        </CardFooter>
      </StatusCard>
    )
  }

  return (
    <StatusCard
      icon={PartyPopper}
      tone="primary"
      title="Confirm Participation"
      description={`Congratulations: you have been selected for ${APP_NAME}.`}
    >
      <CardContent className="grid gap-6">
        <div className="grid gap-3 text-sm">
          <p>
            Confirming tells the organizers that you will take part, so they can keep your place for
            the next stage.
          </p>
          <ul className="grid list-disc gap-1.5 pl-5 text-muted-foreground">
            <li>Your status changes to Confirmed.</li>
            <li>The link works once: there is nothing more to do after confirming.</li>
            <li>
              If you can no longer take part, do not confirm; let the organizers know instead.
            </li>
          </ul>
        </div>
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
        <Button
          type="button"
          size="lg"
          aria-disabled={confirm.isPending}
          className="w-full"
          onClick={() => {
            if (!confirm.isPending) confirm.mutate(input)
          }}
        >
          {confirm.isPending ? 'Confirming...' : 'Confirm Participation'}
        </Button>
      </CardContent>
      <CardFooter className="justify-center">
        <BackHomeLink />
      </CardFooter>
    </StatusCard>
  )
}

const TONES = {
  primary: 'bg-secondary text-primary',
  success: 'bg-success/10 text-success',
  destructive: 'bg-destructive/10 text-destructive',
} as const

/** One state of the page: an icon, the page's only heading, and what to do next. */
function StatusCard({
  icon: Icon,
  tone,
  title,
  description,
  announce = false,
  children,
}: {
  icon: LucideIcon
  tone: keyof typeof TONES
  title: string
  description?: string
  /** Set for a state the applicant's click led to: focus moves to it, so it is read out. */
  announce?: boolean
  children: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (announce) heading.current?.focus()
  }, [announce])

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader className="items-center text-center">
        <span className={cn('mb-2 grid size-12 place-items-center rounded-full', TONES[tone])}>
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <CardTitle asChild className="text-2xl">
          <h1 ref={heading} tabIndex={announce ? -1 : undefined} className="focus:outline-none">
            {title}
          </h1>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children}
    </Card>
  )
}
