import { staffProfileRequest, type StaffMember } from '@hackathon/contract'
import { Pencil } from 'lucide-react'
import { useId, useState } from 'react'

import { FormField } from '@/components/form/form-field'
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
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'

import { useUpdateStaff } from '../api/update-staff'

export const AFFILIATION_HINT = 'Judges are never assigned submissions from their own college.'

/** A jury member's affiliation (their college), which reviewer assignment steers around. */
export function AffiliationDialog({ member }: { member: StaffMember }) {
  const [open, setOpen] = useState(false)
  const update = useUpdateStaff()

  return (
    <Dialog open={open} onOpenChange={(next) => update.isPending || setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Edit affiliation for ${member.name}`}>
          <Pencil aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Affiliation of {member.name}</DialogTitle>
          <DialogDescription>{AFFILIATION_HINT}</DialogDescription>
        </DialogHeader>
        <AffiliationForm
          member={member}
          pending={update.isPending}
          onSubmit={(affiliation) =>
            update.mutate(
              { id: member.id, affiliation },
              {
                onSuccess: () => {
                  toast({
                    title: 'Affiliation saved',
                    description: affiliation
                      ? `${member.name}: ${affiliation}.`
                      : `${member.name} has no affiliation.`,
                  })
                  setOpen(false)
                },
                onError: (err) =>
                  toast({
                    variant: 'destructive',
                    title: 'Error',
                    description: errorMessage(err, 'Failed to save the affiliation'),
                  }),
              },
            )
          }
        />
      </DialogContent>
    </Dialog>
  )
}

function AffiliationForm({
  member,
  pending,
  onSubmit,
}: {
  member: StaffMember
  pending: boolean
  onSubmit: (affiliation: string | null) => void
}) {
  const form = useZodForm(staffProfileRequest, {
    defaultValues: { affiliation: member.affiliation ?? '' },
  })
  const error = errorOf(form, 'affiliation')
  const id = useId()

  // An empty field clears it: a judge with no college is eligible for every submission.
  const submit = form.handleSubmit(({ affiliation }) => onSubmit(affiliation || null))

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField
        id={id}
        label="Affiliation (college)"
        error={error}
        hint="Spelled as applicants spell it; case, spacing and punctuation do not matter. Leave empty for none."
      >
        {({ id: inputId, describedBy, invalid }) => (
          <Input
            id={inputId}
            autoComplete="off"
            maxLength={200}
            {...form.register('affiliation')}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  )
}
