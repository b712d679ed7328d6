import {
  PIPELINE_STATE_LABELS,
  decisionInput,
  type Applicant,
  type DecisionInput,
  type PipelineDecision,
  type PipelineEntry,
  type Round,
} from '@hackathon/contract'
import { useId, useState } from 'react'
import { useWatch } from 'react-hook-form'

import { SelectField, TextField } from '@/components/form/fields'
import { FormField } from '@/components/form/form-field'
import { useZodForm } from '@/components/form/use-zod-form'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'
import { stageTitle } from '@/lib/stage-title'
import { handleUnauthorized } from '@/lib/unauthorized'

import { useRecordDecision } from '../api/record-decision'

/** How each decision reads in the form: the two undos say what they undo. */
export const DECISION_LABELS: Record<PipelineDecision, string> = {
  advanced: PIPELINE_STATE_LABELS.advanced,
  not_advanced: PIPELINE_STATE_LABELS.not_advanced,
  withdrawn: PIPELINE_STATE_LABELS.withdrawn,
  won: PIPELINE_STATE_LABELS.won,
  submitted: 'Back to Submitted (undo a decision on a submission)',
  eligible: 'Back to Eligible (undo a decision made without a submission)',
}

const DECISIONS = Object.keys(DECISION_LABELS) as PipelineDecision[]

/**
 * The value of 'Choose a decision', which decisionInput refuses with its message. The form's
 * type is the contract's input, which knows only real decisions, hence the cast.
 */
const NO_DECISION = '' as PipelineDecision

/**
 * The round a decision is most likely about: the applicant's latest record (by stage), or the
 * first round for someone without one.
 */
export function defaultRoundId(entries: readonly PipelineEntry[], rounds: readonly Round[]) {
  const latest = entries.reduce<PipelineEntry | undefined>(
    (last, entry) => (!last || entry.position > last.position ? entry : last),
    undefined,
  )
  return latest && rounds.some((r) => r.id === latest.roundId) ? latest.roundId : rounds[0]?.id
}

export interface DecisionFormProps {
  applicant: Applicant
  entries: readonly PipelineEntry[]
  /** In stage order, as the server sends them. */
  rounds: readonly Round[]
}

/**
 * An admin records where the applicant stands in a round (docs/product/pipeline.md#decisions):
 * checked with the contract's decisionInput on submit, then on every change; the first field with
 * a problem takes focus. A refusal (409) is the server's sentence, shown in place.
 */
export function DecisionForm({ applicant, entries, rounds }: DecisionFormProps) {
  const ids = { prize: useId(), prizes: useId(), note: useId(), round: useId(), decision: useId() }
  const record = useRecordDecision()
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useZodForm(decisionInput, {
    defaultValues: {
      roundId: defaultRoundId(entries, rounds) ?? '',
      decision: NO_DECISION,
      note: '',
      prize: '',
    },
  })
  const { errors } = form.formState
  const decision = useWatch({ control: form.control, name: 'decision' })
  const roundId = useWatch({ control: form.control, name: 'roundId' })
  const prizes = rounds.find((r) => r.id === roundId)?.prizes ?? []

  const submit = form.handleSubmit((values) => {
    if (record.isPending) return
    setRefusal(null)
    const input: DecisionInput = {
      roundId: values.roundId,
      decision: values.decision,
      note: values.note || undefined,
      // Only a win has a prize; one typed before choosing another decision is not sent.
      prize: values.decision === 'won' ? values.prize || undefined : undefined,
    }
    record.mutate(
      { id: applicant.id, input },
      {
        onSuccess: (response) => {
          toast({ title: 'Success', description: response.message })
          form.reset({ roundId: values.roundId, decision: NO_DECISION, note: '', prize: '' })
        },
        onError: (err) => {
          if (handleUnauthorized(err)) return
          setRefusal(errorMessage(err, 'The decision could not be recorded.'))
        },
      },
    )
  })

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={ids.round}
          label="Round"
          error={errors.roundId?.message}
          {...form.register('roundId')}
        >
          <option value="">Choose a round</option>
          {rounds.map((round) => (
            <option key={round.id} value={round.id}>
              {stageTitle(round)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={ids.decision}
          label="Decision"
          error={errors.decision?.message}
          {...form.register('decision')}
        >
          <option value="">Choose a decision</option>
          {DECISIONS.map((value) => (
            <option key={value} value={value}>
              {DECISION_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {decision === 'won' && (
          <TextField
            id={ids.prize}
            label="Prize (optional)"
            error={errors.prize?.message}
            hint={prizes.length ? 'Type one, or pick one of the round’s prizes.' : undefined}
            autoComplete="off"
            list={prizes.length ? ids.prizes : undefined}
            {...form.register('prize')}
            className="sm:col-span-2"
          />
        )}
        {decision === 'won' && prizes.length > 0 && (
          <datalist id={ids.prizes}>
            {prizes.map((prize) => (
              <option key={prize} value={prize} />
            ))}
          </datalist>
        )}
        <FormField
          id={ids.note}
          label="Note (optional)"
          error={errors.note?.message}
          hint="Why: kept with the decision, for the other organizers."
          className="sm:col-span-2"
        >
          {(control) => (
            <Textarea
              id={control.id}
              rows={2}
              aria-invalid={control.invalid || undefined}
              aria-describedby={control.describedBy}
              className="scroll-mt-24"
              {...form.register('note')}
            />
          )}
        </FormField>
      </div>
      {refusal && (
        <p role="alert" className="text-sm font-medium break-words text-destructive">
          {refusal}
        </p>
      )}
      {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
      <Button type="submit" aria-disabled={record.isPending || undefined} className="w-fit">
        {record.isPending ? 'Recording...' : 'Record decision'}
      </Button>
    </form>
  )
}
