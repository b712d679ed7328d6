import { describe, expect, it } from 'vitest'

/**
 * One way to write a form (docs/decisions/031-forms.md): every form of the features is
 * react-hook-form with the zod resolver, through components/form/use-zod-form.ts, so none keeps
 * its own values, errors and "submitted" flag. Read as text, at build time, by Vite.
 */
const sources = import.meta.glob<string>('./features/**/*.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
})
const files = Object.entries(sources).filter(([path]) => !path.endsWith('.test.tsx'))

/** A <form> element in JSX (not a word in a comment such as "the form"). */
const FORM_ELEMENT = /<form[\s>]/
/** The form library, through its wrapper. */
const USES_FORM = /\buseZodForm\(/
/** What a hand-rolled form keeps or calls, and the pieces they used to share. */
const HAND_ROLLED: readonly [RegExp, string][] = [
  [/\bsetErrors\(/, 'an error map kept in state (setErrors)'],
  [/useState<\s*(?:Partial<)?Record<[^>]*,\s*string>/, 'an error map kept in state'],
  [/\[\s*submitted\s*,\s*setSubmitted\s*\]/, 'a "submitted" flag kept in state'],
  [/\bfieldErrors\(/, 'lib/field-errors (deleted)'],
  [/\buseSchemaForm\(/, 'useSchemaForm (deleted)'],
  [/from '@hookform\/resolvers\/zod'/, 'the resolver directly: use useZodForm'],
  [/import\s*{[^}]*\buseForm\b[^}]*}\s*from 'react-hook-form'/, 'useForm directly: use useZodForm'],
]

describe('the forms of the features', () => {
  it('are found', () => {
    expect(files.length).toBeGreaterThan(50)
    expect(files.filter(([, text]) => FORM_ELEMENT.test(text)).length).toBeGreaterThanOrEqual(15)
  })

  it('each use useZodForm (react-hook-form with the zod resolver)', () => {
    const without = files
      .filter(([, text]) => FORM_ELEMENT.test(text) && !USES_FORM.test(text))
      .map(([path]) => path)
    expect(without).toEqual([])
  })

  it('keep no values, errors or submitted flag of their own', () => {
    const found = files.flatMap(([path, text]) =>
      HAND_ROLLED.filter(([pattern]) => pattern.test(text)).map(([, what]) => `${path}: ${what}`),
    )
    expect(found).toEqual([])
  })
})
