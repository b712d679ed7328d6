import { useEffect, useRef, useState } from 'react'

/**
 * The open dialogs' ways to close, the last opened last. A toast is a dismissable layer of its
 * own, mounted after the dialog it reports on, and only the topmost layer hears Escape: without
 * this, Escape with a toast showing closed only the toast and left the dialog open (issue 22).
 */
const openDialogs: (() => void)[] = []

/** Closes the dialog opened last, as its own Escape would; false when none is open. */
export function closeTopDialog(): boolean {
  const close = openDialogs.at(-1)
  close?.()
  return close !== undefined
}

/**
 * A dialog's open state, controlled or not, registered while it is open so that Escape pressed
 * with a toast showing closes the dialog too (the toast's Escape calls closeTopDialog).
 */
export function useDialogOpenState(
  open: boolean | undefined,
  defaultOpen: boolean | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen ?? false)
  const isOpen = open ?? ownOpen
  const change = (next: boolean) => {
    if (open === undefined) setOwnOpen(next)
    onOpenChange?.(next)
  }
  // The latest handler, so a guard in it (a pending save keeps the dialog open) still holds.
  const changeRef = useRef(change)
  useEffect(() => {
    changeRef.current = change
  })
  useEffect(() => {
    if (!isOpen) return
    const close = () => changeRef.current(false)
    openDialogs.push(close)
    return () => {
      openDialogs.splice(openDialogs.indexOf(close), 1)
    }
  }, [isOpen])
  return { open: isOpen, onOpenChange: change }
}
