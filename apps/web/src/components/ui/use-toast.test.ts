import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast, toast, useToast } from './use-toast'

afterEach(() => {
  vi.useFakeTimers()
  act(() => {
    dismissToast()
    vi.runAllTimers()
  })
  vi.useRealTimers()
})

describe('the toast store', () => {
  it('keeps only one toast: a new toast replaces the one on screen', () => {
    const { result } = renderHook(() => useToast())

    act(() => {
      toast({ title: 'Success', description: 'Applicant updated successfully.' })
      toast({ title: 'Error', description: 'Failed to add applicant', variant: 'destructive' })
    })

    expect(result.current.toasts).toHaveLength(1)
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Error',
      description: 'Failed to add applicant',
      variant: 'destructive',
      open: true,
    })
  })

  it('closes a dismissed toast, then removes it once its exit animation is over', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useToast())

    act(() => {
      toast({ title: 'Success' }).dismiss()
    })
    expect(result.current.toasts[0]?.open).toBe(false)

    act(() => {
      vi.runAllTimers()
    })
    expect(result.current.toasts).toHaveLength(0)
  })
})
