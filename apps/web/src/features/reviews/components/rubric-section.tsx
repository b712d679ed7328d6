import { REVIEW_MESSAGES, type Rubric } from '@hackathon/contract'
import { Lock, Plus, Trash2 } from 'lucide-react'
import { useId } from 'react'
import { useFieldArray, useWatch } from 'react-hook-form'

import { FormField } from '@/components/form/form-field'
import { errorOf, useZodForm } from '@/components/form/use-zod-form'
import { QueryState } from '@/components/query-state'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { FieldMessage } from '@/components/ui/label'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { toast } from '@/components/ui/use-toast'
import { viewerTimeZone } from '@/lib/date-time'

import { useRubric } from '../api/get-rubric'
import { useUpdateRubric } from '../api/update-rubric'
import { reportFailure } from '../report-failure'
import {
  CRITERION_FIELDS,
  newCriterionRow,
  rubricFormSchema,
  rubricFormValues,
  type CriterionField,
  type CriterionRow,
} from '../rubric-values'
import { formatPercent, weightShare } from '../scores'
import { ReviewSection } from './review-section'

/** The round's criteria with their weights and scales, and until when judges may save reviews. */
export function RubricSection({ roundId }: { roundId: string }) {
  const rubric = useRubric(roundId)

  return (
    <ReviewSection
      title="Rubric"
      description="What judges score, how much each criterion counts, and until when they may change their reviews."
    >
      <QueryState
        query={rubric}
        loadingLabel="Loading the rubric…"
        errorText="The rubric could not be loaded."
      >
        {(data) => (
          <RubricForm
            // A fresh form whenever the server's rubric changes (saved, or locked meanwhile).
            key={rubricVersion(data)}
            roundId={roundId}
            rubric={data}
          />
        )}
      </QueryState>
    </ReviewSection>
  )
}

const rubricVersion = (rubric: Rubric) =>
  JSON.stringify([rubric.locked, rubric.reviewClosesAt, rubric.criteria])

const COLUMN_LABELS: Record<CriterionField, string> = {
  name: 'name',
  weight: 'weight',
  scaleMin: 'lowest score',
  scaleMax: 'highest score',
}

function RubricForm({ roundId, rubric }: { roundId: string; rubric: Rubric }) {
  const form = useZodForm(rubricFormSchema, { defaultValues: rubricFormValues(rubric) })
  // Each row keeps the key it was made with: ids and React keys stay with it as rows go.
  const rows = useFieldArray({ control: form.control, name: 'criteria', keyName: 'fieldId' })
  const criteria = useWatch({ control: form.control, name: 'criteria' })
  const update = useUpdateRubric(roundId)
  const id = useId()
  const closesAtId = `${id}-closes-at`
  const fieldId = (row: Pick<CriterionRow, 'key'>, field: CriterionField) =>
    `${id}-${row.key}-${field}`
  const { locked } = rubric

  function addRow() {
    const last = criteria.at(-1)
    const row = newCriterionRow(last ? { scaleMin: last.scaleMin, scaleMax: last.scaleMax } : {})
    rows.append(row, { focusName: `criteria.${criteria.length}.name` })
  }

  function removeRow(index: number) {
    const next = rows.fields[index + 1] ?? rows.fields[index - 1]
    rows.remove(index)
    // The removed row's button goes with it: focus the row that takes its place.
    if (next) document.getElementById(fieldId(next, 'name'))?.focus()
  }

  // Once locked, the criteria are not shown: they go back as they came, and only the closing
  // time can move.
  const submit = form.handleSubmit((request) =>
    update.mutate(request, {
      onSuccess: () =>
        toast({
          title: 'Rubric saved',
          description: locked
            ? 'The review closing time is saved.'
            : 'Judges score this round with these criteria.',
        }),
      onError: (err) => reportFailure(err, 'Failed to save the rubric'),
    }),
  )
  const listError = errorOf(form, 'criteria.root')
  const closesAtError = errorOf(form, 'reviewClosesAt')

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      {locked ? (
        <>
          <p role="status" className="flex items-start gap-2 rounded-lg bg-muted p-3 text-sm">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {REVIEW_MESSAGES.rubricLocked}
          </p>
          <Table label="Rubric criteria" className="min-w-[18rem]">
            <TableHeader>
              <TableRow>
                <TableHead>Criterion</TableHead>
                <TableHead className="text-right">Weight</TableHead>
                <TableHead>Scale</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rubric.criteria.map((criterion) => (
                <TableRow key={criterion.id}>
                  <TableCell className="font-medium break-words">{criterion.name}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {criterion.weight}{' '}
                    <span className="text-muted-foreground">
                      ({formatPercent(weightShare(rubric.criteria, criterion.weight))})
                    </span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {criterion.scaleMin} to {criterion.scaleMax}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : (
        <div className="grid gap-3">
          <Table label="Rubric criteria" className="min-w-[40rem]">
            <TableHeader>
              <TableRow>
                <TableHead>Criterion</TableHead>
                <TableHead>Weight</TableHead>
                <TableHead>Lowest score</TableHead>
                <TableHead>Highest score</TableHead>
                <TableHead>
                  <span className="sr-only">Remove</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.fields.map((row, index) => (
                <TableRow key={row.key}>
                  {CRITERION_FIELDS.map((field) => {
                    const name = `criteria.${index}.${field}` as const
                    const error = errorOf(form, name)
                    const inputId = fieldId(row, field)
                    return (
                      <TableCell
                        key={field}
                        className={field === 'name' ? 'min-w-48 align-top' : 'w-28 align-top'}
                      >
                        <label htmlFor={inputId} className="sr-only">
                          {`Criterion ${index + 1} ${COLUMN_LABELS[field]}`}
                        </label>
                        <Input
                          id={inputId}
                          {...form.register(name, {
                            // The top of the scale is checked against its bottom.
                            deps: field === 'scaleMin' ? [`criteria.${index}.scaleMax`] : undefined,
                          })}
                          maxLength={field === 'name' ? 100 : undefined}
                          type={field === 'name' ? 'text' : 'number'}
                          inputMode={
                            field === 'name'
                              ? undefined
                              : field === 'weight'
                                ? 'decimal'
                                : 'numeric'
                          }
                          min={field === 'name' ? undefined : field === 'scaleMax' ? 1 : 0}
                          max={field === 'name' ? undefined : 100}
                          step={field === 'weight' ? 'any' : field === 'name' ? undefined : 1}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${inputId}-error` : undefined}
                        />
                        {error && (
                          <FieldMessage error id={`${inputId}-error`} className="mt-1">
                            {error}
                          </FieldMessage>
                        )}
                      </TableCell>
                    )
                  })}
                  <TableCell className="w-12 align-top">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove criterion ${index + 1}`}
                      disabled={rows.fields.length === 1}
                      className="text-destructive hover:text-destructive"
                      onClick={() => removeRow(index)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {listError && (
            <p role="alert" className="text-sm text-destructive">
              {listError}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={rows.fields.length >= 20}
              onClick={addRow}
            >
              <Plus aria-hidden="true" />
              Add criterion
            </Button>
            <p className="text-sm text-muted-foreground">
              A criterion&apos;s weight is its share of the total: equal weights count equally.
            </p>
          </div>
        </div>
      )}

      <FormField
        id={closesAtId}
        label="Reviews close at (optional)"
        className="sm:max-w-xs"
        error={closesAtError}
        hint={`Judges may save and change reviews until then, on your clock (${viewerTimeZone()}). Empty: reviews stay open.`}
      >
        {({ id: inputId, describedBy, invalid }) => (
          <Input
            id={inputId}
            type="datetime-local"
            {...form.register('reviewClosesAt')}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>

      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : locked ? 'Save closing time' : 'Save rubric'}
        </Button>
      </div>
    </form>
  )
}
