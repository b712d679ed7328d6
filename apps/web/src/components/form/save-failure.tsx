import { useEffect, useRef } from 'react'

/**
 * Why the last save failed, above a form's buttons. It takes focus as it appears, so focus stays
 * in the dialog, on the message that says why.
 */
export function SaveFailure({ message }: { message: string | null | undefined }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (message) ref.current?.focus()
  }, [message])
  if (!message) return null
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="rounded-md border border-destructive/50 p-4 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {message}
    </div>
  )
}
