import { useMutation } from '@tanstack/react-query'

import { saveResponse } from '@/lib/download'

import { roundPath } from './keys'

/** Used only when the answer names no file. */
export const RANKING_EXPORT_FALLBACK_NAME = 'ranking_export.csv'

/**
 * GET /api/rounds/{id}/ranking.csv (admin), saved under the Content-Disposition name. Fetched
 * rather than followed as a link, so that a failure can be told in a toast on this page.
 */
export async function exportRanking(roundId: string): Promise<string> {
  const res = await fetch(`${roundPath(roundId)}/ranking.csv`, { credentials: 'include' })
  return saveResponse(res, RANKING_EXPORT_FALLBACK_NAME)
}

export function useExportRanking(roundId: string) {
  return useMutation({ mutationFn: () => exportRanking(roundId) })
}
