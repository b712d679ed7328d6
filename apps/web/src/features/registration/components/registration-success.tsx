import { APP_NAME } from '@hackathon/contract'
import { CircleCheck, LogIn, Mail } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link } from 'wouter'

import { ApplicantLoginLink, BackHomeLink } from '@/components/public-links'
import {
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card'

import { RegistrationId } from './registration-id'

/** What a registrant sees once the server has accepted them: their ID and what happens next. */
export function RegistrationSuccess({
  registrationId,
  name,
  email,
  confirmationEmail,
}: {
  registrationId: string
  name: string
  email: string
  /** The server's word: whether the confirmation email goes out (off with notifications). */
  confirmationEmail: boolean
}) {
  const heading = useRef<HTMLHeadingElement>(null)

  // The form and its submit button are gone: focus moves to the news, so it is read out.
  useEffect(() => heading.current?.focus(), [])

  return (
    <>
      <CardHeader className="items-center text-center">
        <span className="mb-2 grid size-12 place-items-center rounded-full bg-success/10 text-success">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <CardTitle asChild className="text-2xl">
          <h1 ref={heading} tabIndex={-1} className="focus:outline-none">
            Registration Successful
          </h1>
        </CardTitle>
        <CardDescription>
          Welcome to {APP_NAME}, {name}. Keep your registration ID: the organizers may ask for it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <RegistrationId value={registrationId} />
        <ul className="grid gap-4 text-sm">
          <li className="flex gap-3">
            <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            {confirmationEmail ? (
              <p className="min-w-0">
                A confirmation email with your registration ID is on its way to{' '}
                <strong className="font-semibold break-all">{email}</strong>. If it has not arrived
                in a few minutes, check your spam folder.
              </p>
            ) : (
              <p className="min-w-0">
                No confirmation email is sent for this event at the moment, so keep your
                registration ID: copy it or write it down now.
              </p>
            )}
          </li>
          <li className="flex gap-3">
            <LogIn aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <p className="min-w-0">
              To sign in later, go to{' '}
              <Link href="/applicant/login" className="font-medium text-primary underline">
                Applicant Login
              </Link>{' '}
              and enter your email address or mobile number; we will send you a 6-digit code.
            </p>
          </li>
        </ul>
      </CardContent>
      <CardFooter className="flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <BackHomeLink />
        <ApplicantLoginLink />
      </CardFooter>
    </>
  )
}
