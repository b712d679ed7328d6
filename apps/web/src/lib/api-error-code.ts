/** `STATUS: body`, the text of every error that apiRequest and the query function raise. */
const API_ERROR_TEXT = /^\d{3}: ([\s\S]*)$/

/**
 * The `code` of a failed API call's JSON error body (e.g. HAS_SUBMISSIONS), for a screen that
 * answers one particular refusal differently; null for any other failure.
 */
export function apiErrorCode(err: unknown): string | null {
  if (!(err instanceof Error)) return null
  const body = API_ERROR_TEXT.exec(err.message)?.[1]
  if (!body) return null
  try {
    const parsed: unknown = JSON.parse(body)
    if (typeof parsed === 'object' && parsed !== null && 'code' in parsed) {
      return typeof parsed.code === 'string' ? parsed.code : null
    }
  } catch {
    // Not our JSON error body: there is no code to read.
  }
  return null
}
