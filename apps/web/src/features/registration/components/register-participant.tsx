import { APP_NAME } from '@hackathon/contract'
import { UserPlus } from 'lucide-react'
import { Link } from 'wouter'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'

import { useRegisterApplicant } from '@/lib/register-applicant'
import { RegistrationForm } from './registration-form'
import { RegistrationSuccess } from './registration-success'

/** docs/product/screens.md#register: the form, then the registration ID. */
export function RegisterParticipant() {
  const register = useRegisterApplicant({
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Registration Failed',
        description: errorMessage(err, 'Something went wrong. Please try again.'),
      }),
  })

  return (
    <Card className="mx-auto w-full max-w-2xl">
      {register.isSuccess ? (
        <RegistrationSuccess
          registrationId={register.data.registrationId}
          name={register.variables.name}
          email={register.variables.email}
          confirmationEmail={register.data.confirmationEmail}
        />
      ) : (
        <>
          <CardHeader className="items-center text-center">
            <span className="mb-2 grid size-12 place-items-center rounded-full bg-secondary text-primary">
              <UserPlus aria-hidden="true" className="size-6" />
            </span>
            <CardTitle asChild className="text-2xl">
              <h1>Register as Participant</h1>
            </CardTitle>
            <CardDescription>
              Join {APP_NAME}: register once, then follow every stage of the hackathon from your
              applicant dashboard.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <RegistrationForm pending={register.isPending} onSubmit={register.mutate} />
            <p className="text-center text-sm text-muted-foreground">
              Already registered?{' '}
              <Link href="/applicant/login" className="font-medium text-primary underline">
                Sign in at Applicant Login
              </Link>
            </p>
          </CardContent>
        </>
      )}
    </Card>
  )
}
