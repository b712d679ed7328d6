import { Fragment, createElement } from 'react'
import { EXPORT_MESSAGES, countOf } from '@hackathon/contract'

import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'
import { handleUnauthorized } from '@/lib/unauthorized'

/** 'Export Successful' (docs/product/texts.md#notices). */
export function reportExportDone(description: string | [string, string]): void {
  toast({
    title: 'Export Successful',
    description:
      typeof description === 'string'
        ? description
        : createElement(
            Fragment,
            null,
            createElement('span', null, description[0]),
            description[1],
          ),
  })
}

/**
 * What an export answered: how many rows it saved, or plainly that none matched (issue 22).
 * Returns whether a file was saved.
 */
export function reportExportResult(
  rows: number | null,
  texts: { done: string; none: string; one: string; many: string },
): boolean {
  if (rows === 0) {
    toast({ title: EXPORT_MESSAGES.nothingTitle, description: texts.none })
    return false
  }
  // The contractual sentence stays whole, word for word (docs/product/texts.md#notices); the
  // count follows it as a sentence of its own.
  reportExportDone(
    rows === null ? texts.done : [texts.done, ` ${countOf(rows, texts.one, texts.many)} exported.`],
  )
  return true
}

/**
 * 'Export Failed' (docs/product/texts.md#notices). A run-out session is told as such and signs in
 * again instead: exporting once more could not help.
 */
export function reportExportFailure(err: unknown, fallback: string): void {
  if (handleUnauthorized(err)) return
  toast({
    variant: 'destructive',
    title: 'Export Failed',
    description: errorMessage(err, fallback),
  })
}
