import { APPLICANT_MESSAGES } from '@hackathon/contract'
import { PartyPopper } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'

import { useConfirmApplicantParticipation } from '../api/confirm-participation'

/**
 * Shown while the selected applicant still has to confirm
 * (docs/product/applicants.md#confirmation).
 */
export function ConfirmationCard() {
  const confirm = useConfirmApplicantParticipation({
    onSuccess: (answer) =>
      toast({
        title: 'Participation Confirmed',
        description: answer.message || APPLICANT_MESSAGES.confirmed,
      }),
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(err, 'Failed to confirm participation'),
      }),
  })

  return (
    <Card className="border-primary/30 bg-secondary">
      <CardHeader className="flex-row items-start gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground">
          <PartyPopper aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>Congratulations, you have been selected!</h2>
          </CardTitle>
          <CardDescription className="text-foreground">
            Confirm your participation so the organisers can keep your place in the next stage.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
        <Button
          type="button"
          size="lg"
          aria-disabled={confirm.isPending}
          className="w-full sm:w-auto"
          onClick={() => {
            if (!confirm.isPending) confirm.mutate()
          }}
        >
          {confirm.isPending ? 'Confirming...' : 'Confirm Participation'}
        </Button>
      </CardContent>
    </Card>
  )
}
