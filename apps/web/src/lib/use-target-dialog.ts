import { useRef, useState, type RefObject } from 'react'

/**
 * A dialog about one item (a table row, a card), opened from a button on that item but rendered
 * outside it. Closing returns focus to that button, or, when the item is gone (deleted, or
 * filtered out by an edit), to `fallback`, so focus never lands on the page body.
 */
export function useTargetDialog<T>(fallback: RefObject<HTMLElement | null>) {
  const [state, setState] = useState<{ target: T; open: boolean } | null>(null)
  const triggerRef = useRef<HTMLElement | null>(null)

  return {
    target: state?.target ?? null,
    open: state?.open ?? false,
    show(target: T, trigger: HTMLElement | null) {
      triggerRef.current = trigger
      setState({ target, open: true })
    },
    /** The button that opened the dialog, for work that outlives it (called in handlers). */
    trigger(): HTMLElement | null {
      return triggerRef.current
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
