import { useRef, useState, type RefObject } from 'react'

/**
 * A dialog about one card, opened from that card's menu but rendered outside it. Closing
 * returns focus to the menu's button, or, when the card is gone (the round was deleted), to
 * `fallback`, so focus never lands on the page body.
 */
export function useCardDialog<T>(fallback: RefObject<HTMLElement | null>) {
  const [state, setState] = useState<{ target: T; open: boolean } | null>(null)
  const triggerRef = useRef<HTMLElement | null>(null)

  return {
    target: state?.target ?? null,
    open: state?.open ?? false,
    show(target: T, trigger: HTMLElement | null) {
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
