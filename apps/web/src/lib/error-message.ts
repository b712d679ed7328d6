/** `STATUS: body`, the text of every error that apiRequest and the query function raise. */
const API_ERROR_TEXT = /^(\d{3}): ([\s\S]*)$/

function parseApiError(err: unknown): { status: number; body: string } | null {
  if (!(err instanceof Error)) return null
  const match = API_ERROR_TEXT.exec(err.message)
  if (!match) return null
  return { status: Number(match[1]), body: match[2] ?? '' }
}

/**
 * The HTTP status of a failed API call, or null when the call never got an answer (offline,
 * server down, request blocked), which is a different thing to tell the user.
 */
export function apiErrorStatus(err: unknown): number | null {
  return parseApiError(err)?.status ?? null
}

/**
 * The sentence to show for a failed API call: the `message` of the server's JSON error body,
 * or `fallback`. A body that is not our JSON (a proxy's HTML page, a bare status text) is
 * never shown: the fallback reads better than 'Bad Gateway' or markup.
 */
export function errorMessage(err: unknown, fallback: string): string {
  const apiError = parseApiError(err)
  if (!apiError) return fallback
  try {
    const body: unknown = JSON.parse(apiError.body)
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const { message } = body
      if (typeof message === 'string' && message.trim()) return message
    }
  } catch {
    // Not JSON: fall through to the fallback.
  }
  return fallback
}
