import { LOGIN_MESSAGES, loginInput, type LoginInput } from '@hackathon/contract'
import { useId, useState, type FormEvent } from 'react'

import { Button } from '@/components/ui/button'
import { FieldMessage, Label } from '@/components/ui/label'
import { Input } from '@/components/ui/input'
import { apiErrorStatus, errorMessage } from '@/lib/error-message'
import { fieldErrors } from '@/lib/field-errors'

import { useLogin } from '../api/login'

type Field = keyof LoginInput

/** Email and password sign-in for admins and jury members (SPEC.md sections 2, 5 and 8). */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const ids = { email: useId(), password: useId(), failure: useId() }
  const login = useLogin()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const parsed = loginInput.safeParse(values)
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error.issues)
      setErrors(found)
      const first = (['email', 'password'] as const).find((field) => found[field])
      if (first) document.getElementById(ids[first])?.focus()
      return
    }
    setErrors({})
    login.mutate(parsed.data, {
      onSuccess: onSignedIn,
      onError: (err) =>
        setFailure(
          // No status means no answer at all: the server is unreachable, not the password wrong.
          apiErrorStatus(err) === null
            ? LOGIN_MESSAGES.network
            : errorMessage(err, LOGIN_MESSAGES.invalid),
        ),
    })
  }

  const field = (name: Field) => ({
    id: ids[name],
    name,
    required: true,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids[name]}-error` : undefined,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
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
