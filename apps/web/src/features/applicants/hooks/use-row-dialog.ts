import { useRef, useState, type RefObject } from 'react'

/**
 * A dialog about one row, opened from a button in that row but rendered outside it. Closing
 * returns focus to that button, or, when the row is gone (deleted, or filtered out by an
 * edit), to `fallback`, so focus never lands on the page body.
 */
export function useRowDialog<T>(fallback: RefObject<HTMLElement | null>) {
  const [state, setState] = useState<{ target: T; open: boolean } | null>(null)
  const triggerRef = useRef<HTMLElement | null>(null)

  return {
    target: state?.target ?? null,
    open: state?.open ?? false,
    show(target: T, trigger: HTMLElement) {
      triggerRef.current = trigger
      setState({ target, open: true })
    },
    close() {
      setState((current) => current && { ...current, open: false })
    },
    onCloseAutoFocus(event: Event) {
      event.preventDefault()
      const trigger = triggerRef.current
      ;(trigger?.isConnected ? trigger : fallback.current)?.focus()
    },
  }
}
