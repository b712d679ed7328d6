import {
  STAFF_ROLES,
  createStaffInput,
  type CreateStaffInput,
  type StaffWithPassword,
} from '@hackathon/contract'
import { UserPlus } from 'lucide-react'
import { useId, useState } from 'react'
import { useWatch } from 'react-hook-form'

import { formSchema } from '@/components/form/form-schema'
import { errorOf, useZodForm } from '@/components/form/use-zod-form'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Input, NativeSelect } from '@/components/ui/input'
import { FieldMessage, Label } from '@/components/ui/label'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'

import { useCreateStaff } from '../api/create-staff'
import { STAFF_ROLE_LABELS } from '../role-labels'
import { AFFILIATION_HINT } from './affiliation-dialog'
import { TemporaryPassword } from './temporary-password'

/** 'Add staff member': the form, then (when the server generated one) the password, once. */
export function AddStaffDialog() {
  const [open, setOpen] = useState(false)
  const [created, setCreated] = useState<Required<StaffWithPassword> | null>(null)
  const create = useCreateStaff()

  function onOpenChange(next: boolean) {
    setOpen(next)
    // The password must not outlive the dialog that shows it.
    if (!next) setCreated(null)
  }

  function submit(input: CreateStaffInput) {
    create.mutate(input, {
      onSuccess: ({ staff, temporaryPassword }) => {
        toast({ title: 'Staff member added', description: `${staff.name} can now sign in.` })
        if (temporaryPassword) {
          setCreated({ staff, temporaryPassword })
          setOpen(true)
        } else {
          onOpenChange(false)
        }
      },
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(err, 'Failed to add staff member'),
        }),
    })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Add staff member
        </Button>
      </DialogTrigger>
      <DialogContent>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Staff member added</DialogTitle>
              <DialogDescription>
                Give {created.staff.name} this temporary password to sign in with{' '}
                {created.staff.email}.
              </DialogDescription>
            </DialogHeader>
            <TemporaryPassword
              password={created.temporaryPassword}
              emailedTo={created.staff.email}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Add staff member</DialogTitle>
              <DialogDescription>
                Admins manage the whole event; jury members review and select applicants.
              </DialogDescription>
            </DialogHeader>
            <AddStaffForm pending={create.isPending} onSubmit={submit} />
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

/** Strings as typed; the contract's schema checks them, the role included. */
interface Values {
  name: string
  email: string
  role: string
  password: string
  affiliation: string
}
type Field = keyof Values

const EMPTY: Values = { name: '', email: '', role: 'jury', password: '', affiliation: '' }

/**
 * createStaffInput over the form's fields: an empty password field means 'generate one', which
 * the contract spells as no password; only a jury member has an affiliation.
 */
const addStaffForm = formSchema(createStaffInput, {
  input: (values: Values) => {
    const affiliation = values.role === 'jury' ? values.affiliation.trim() : ''
    return {
      ...values,
      password: values.password || undefined,
      affiliation: affiliation || undefined,
    }
  },
})

function AddStaffForm({
  pending,
  onSubmit,
}: {
  pending: boolean
  onSubmit: (input: CreateStaffInput) => void
}) {
  const form = useZodForm(addStaffForm, { defaultValues: EMPTY })
  const role = useWatch({ control: form.control, name: 'role' })
  const errors = {
    name: errorOf(form, 'name'),
    email: errorOf(form, 'email'),
    password: errorOf(form, 'password'),
    affiliation: errorOf(form, 'affiliation'),
  }
  const ids = {
    name: useId(),
    email: useId(),
    role: useId(),
    password: useId(),
    affiliation: useId(),
  }

  const submit = form.handleSubmit(onSubmit)

  const errorProps = (name: Exclude<Field, 'role'>) =>
    errors[name]
      ? { 'aria-invalid': true, 'aria-describedby': `${ids[name]}-message` }
      : name === 'password' || name === 'affiliation'
        ? { 'aria-describedby': `${ids[name]}-message` }
        : {}

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={ids.name}>Name</Label>
        <Input
          id={ids.name}
          required
          autoComplete="off"
          {...form.register('name')}
          {...errorProps('name')}
        />
        {errors.name && (
          <FieldMessage error id={`${ids.name}-message`}>
            {errors.name}
          </FieldMessage>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.email}>Email</Label>
        <Input
          id={ids.email}
          type="email"
          inputMode="email"
          required
          autoComplete="off"
          {...form.register('email')}
          {...errorProps('email')}
        />
        {errors.email && (
          <FieldMessage error id={`${ids.email}-message`}>
            {errors.email}
          </FieldMessage>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.role}>Role</Label>
        <NativeSelect id={ids.role} {...form.register('role')}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {role === 'jury' && (
        <div className="grid gap-2">
          <Label htmlFor={ids.affiliation}>Affiliation (college, optional)</Label>
          <Input
            id={ids.affiliation}
            autoComplete="off"
            maxLength={200}
            {...form.register('affiliation')}
            {...errorProps('affiliation')}
          />
          <FieldMessage error={Boolean(errors.affiliation)} id={`${ids.affiliation}-message`}>
            {errors.affiliation ?? AFFILIATION_HINT}
          </FieldMessage>
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={ids.password}>Password (optional)</Label>
        <Input
          id={ids.password}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
          {...errorProps('password')}
        />
        <FieldMessage error={Boolean(errors.password)} id={`${ids.password}-message`}>
          {errors.password ??
            'Leave empty to generate a temporary password: it is shown here and emailed to them with their invitation.'}
        </FieldMessage>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? 'Adding...' : 'Add staff member'}
        </Button>
      </DialogFooter>
    </form>
  )
}
