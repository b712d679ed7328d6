import { REVIEW_MESSAGES, type Rubric } from '@hackathon/contract'
import { Lock, Plus, Trash2 } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'

import { FormField } from '@/components/form-field'
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
  newCriterionRow,
  parseRubricForm,
  rubricFormValues,
  type CriterionField,
  type CriterionRow,
  type RubricFormErrors,
  type RubricFormValues,
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
  const [values, setValues] = useState<RubricFormValues>(() => rubricFormValues(rubric))
  const [errors, setErrors] = useState<RubricFormErrors>({ rows: {} })
  const update = useUpdateRubric(roundId)
  const id = useId()
  const closesAtId = `${id}-closes-at`
  const fieldId = (row: CriterionRow, field: CriterionField) => `${id}-${row.key}-${field}`
  const { locked } = rubric

  function setField(key: string, field: CriterionField, value: string) {
    setValues((v) => ({
      ...v,
      criteria: v.criteria.map((row) => (row.key === key ? { ...row, [field]: value } : row)),
    }))
  }

  function addRow() {
    const last = values.criteria.at(-1)
    const row = newCriterionRow(last ? { scaleMin: last.scaleMin, scaleMax: last.scaleMax } : {})
    setValues((v) => ({ ...v, criteria: [...v.criteria, row] }))
    // After the render that adds it.
    setTimeout(() => document.getElementById(fieldId(row, 'name'))?.focus())
  }

  function removeRow(index: number) {
    const next = values.criteria[index + 1] ?? values.criteria[index - 1]
    setValues((v) => ({ ...v, criteria: v.criteria.filter((_, i) => i !== index) }))
    // The removed row's button goes with it: focus the row that takes its place.
    if (next) document.getElementById(fieldId(next, 'name'))?.focus()
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Once locked, the criteria go back unchanged: only the closing time can move.
    const parsed = parseRubricForm(
      locked ? { ...rubricFormValues(rubric), reviewClosesAt: values.reviewClosesAt } : values,
    )
    if (!parsed.ok) {
      setErrors(parsed.errors)
      return
    }
    setErrors({ rows: {} })
    update.mutate(parsed.request, {
      onSuccess: () =>
        toast({
          title: 'Rubric saved',
          description: locked
            ? 'The review closing time is saved.'
            : 'Judges score this round with these criteria.',
        }),
      onError: (err) => reportFailure(err, 'Failed to save the rubric'),
    })
  }

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
              {values.criteria.map((row, index) => (
                <TableRow key={row.key}>
                  {(['name', 'weight', 'scaleMin', 'scaleMax'] as const).map((field) => {
                    const error = errors.rows[row.key]?.[field]
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
                          value={row[field]}
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
                          onChange={(event) => setField(row.key, field, event.target.value)}
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
                      disabled={values.criteria.length === 1}
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
          {errors.form && (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={values.criteria.length >= 20}
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
        error={errors.reviewClosesAt}
        hint={`Judges may save and change reviews until then, on your clock (${viewerTimeZone()}). Empty: reviews stay open.`}
      >
        {({ id: inputId, describedBy, invalid }) => (
          <Input
            id={inputId}
            type="datetime-local"
            value={values.reviewClosesAt}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => setValues((v) => ({ ...v, reviewClosesAt: event.target.value }))}
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
