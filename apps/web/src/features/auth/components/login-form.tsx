import { LOGIN_MESSAGES, loginInput, type LoginInput } from '@hackathon/contract'
import { useId, useState } from 'react'

import { errorOf, useZodForm } from '@/components/form/use-zod-form'
import { Button } from '@/components/ui/button'
import { FieldMessage, Label } from '@/components/ui/label'
import { Input } from '@/components/ui/input'
import { apiErrorStatus, errorMessage } from '@/lib/error-message'

import { useLogin } from '../api/login'

type Field = keyof LoginInput

/** Email and password sign-in for admins and jury members (docs/product/sign-in.md#staff). */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useZodForm(loginInput, { defaultValues: { email: '', password: '' } })
  const [failure, setFailure] = useState<string | null>(null)
  const ids = { email: useId(), password: useId(), failure: useId() }
  const login = useLogin()

  const submit = form.handleSubmit(
    (input) => {
      setFailure(null)
      login.mutate(input, {
        onSuccess: onSignedIn,
        onError: (err) =>
          setFailure(
            // No status means no answer at all: the server is unreachable, not the password wrong.
            apiErrorStatus(err) === null
              ? LOGIN_MESSAGES.network
              : errorMessage(err, LOGIN_MESSAGES.invalid),
          ),
      })
    },
    () => setFailure(null),
  )

  const field = (name: Field) => {
    const error = errorOf(form, name)
    return {
      id: ids[name],
      required: true,
      ...form.register(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${ids[name]}-error` : undefined,
    }
  }
  const errors = { email: errorOf(form, 'email'), password: errorOf(form, 'password') }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={ids.email}>Email</Label>
        <Input {...field('email')} type="email" autoComplete="username" inputMode="email" />
        {errors.email && (
          <FieldMessage error id={`${ids.email}-error`}>
            {errors.email}
          </FieldMessage>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.password}>Password</Label>
        <Input {...field('password')} type="password" autoComplete="current-password" />
        {errors.password && (
          <FieldMessage error id={`${ids.password}-error`}>
            {errors.password}
          </FieldMessage>
        )}
      </div>
      {failure && (
        <p
          id={ids.failure}
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm font-medium text-destructive"
        >
          {failure}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  )
}
