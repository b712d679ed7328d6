import { LIMITS } from '@hackathon/contract'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { Toaster } from '@/components/ui/toaster'
import { dismissToast } from '@/components/ui/use-toast'

import { handleUnauthorized } from './unauthorized'

let location: { href: string; pathname: string; search: string }

beforeEach(() => {
  vi.useFakeTimers()
  location = {
    href: 'http://localhost/add-applicant?from=menu',
    pathname: '/add-applicant',
    search: '?from=menu',
  }
  vi.stubGlobal('location', location)
  render(<Toaster />)
})

afterEach(() => {
  act(() => {
    dismissToast()
    vi.runAllTimers()
  })
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('handleUnauthorized', () => {
  it('leaves errors other than 401 to the caller', () => {
    let handled = true
    act(() => {
      handled =
        handleUnauthorized(new Error('409: {"message":"Taken","code":"CONFLICT"}')) ||
        handleUnauthorized(new TypeError('Failed to fetch'))
      vi.advanceTimersByTime(LIMITS.unauthorizedRedirectMs * 2)
    })

    expect(handled).toBe(false)
    expect(screen.queryByText('Unauthorized')).toBeNull()
    expect(location.href).toBe('http://localhost/add-applicant?from=menu')
  })

  it(`says so, then sends the browser to /api/login after ${LIMITS.unauthorizedRedirectMs} ms, to return to this page`, () => {
    let handled = false
    act(() => {
      handled = handleUnauthorized(new Error('401: {"message":"Sign in","code":"UNAUTHORIZED"}'))
    })

    expect(handled).toBe(true)
    expect(screen.getByText('Unauthorized')).toBeTruthy()
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy()

    act(() => vi.advanceTimersByTime(LIMITS.unauthorizedRedirectMs - 1))
    expect(location.href).toBe('http://localhost/add-applicant?from=menu')
    act(() => vi.advanceTimersByTime(1))
    expect(location.href).toBe(
      `/api/login?returnTo=${encodeURIComponent('/add-applicant?from=menu')}`,
    )
  })
})
