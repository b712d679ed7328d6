import { useSyncExternalStore, type ReactNode } from 'react'

import type { ToastActionElement, ToastVariant } from './toast'

/** One toast at a time; a new one replaces the one on screen (docs/product/screens.md#notices). */
export const TOAST_LIMIT = 1
/** How long a dismissed toast stays in the store so its exit animation can play. */
const TOAST_REMOVE_DELAY_MS = 1000

export interface ToastInput {
  title?: ReactNode
  description?: ReactNode
  variant?: ToastVariant
  action?: ToastActionElement
  /** Milliseconds on screen, when a toast needs other than the provider's LIMITS.toastDurationMs. */
  duration?: number
}

export interface ToasterToast extends ToastInput {
  id: string
  open: boolean
}

let toasts: readonly ToasterToast[] = []
let nextId = 0
const listeners = new Set<() => void>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

function setToasts(next: readonly ToasterToast[]) {
  toasts = next
  for (const listener of listeners) listener()
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id)
      setToasts(toasts.filter((t) => t.id !== id))
    }, TOAST_REMOVE_DELAY_MS),
  )
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string) {
  const closing = toasts.filter((t) => id === undefined || t.id === id)
  for (const t of closing) scheduleRemoval(t.id)
  setToasts(toasts.map((t) => (closing.includes(t) ? { ...t, open: false } : t)))
}

function updateToast(id: string, input: ToastInput) {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, ...input } : t)))
}

/** Shows a toast from anywhere, React or not (e.g. a mutation's onError). */
export function toast(input: ToastInput) {
  nextId += 1
  const id = String(nextId)
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => updateToast(id, next),
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

function getSnapshot() {
  return toasts
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  return { toasts: current, toast, dismiss: dismissToast }
}
