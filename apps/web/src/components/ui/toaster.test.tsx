import { LIMITS } from '@hackathon/contract'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { Toaster } from './toaster'
import { dismissToast, toast } from './use-toast'

afterEach(() => {
  act(() => {
    dismissToast()
    vi.runAllTimers()
  })
  vi.useRealTimers()
})

describe('the toaster', () => {
  it(`shows a toast for ${LIMITS.toastDurationMs} ms, then closes it`, () => {
    vi.useFakeTimers()
    render(<Toaster />)

    act(() => {
      toast({ title: 'Registration Failed', description: '409: Email already registered' })
    })
    expect(screen.getByText('Registration Failed')).toBeTruthy()
    expect(screen.getByText('409: Email already registered')).toBeTruthy()

    act(() => {
      vi.advanceTimersByTime(LIMITS.toastDurationMs - 100)
    })
    expect(screen.queryByText('Registration Failed')).not.toBeNull()

    act(() => {
      vi.advanceTimersByTime(200)
    })
    expect(screen.queryByText('Registration Failed')).toBeNull()
  })
})
