import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { toast } from '@/components/ui/use-toast'

import { DeferredToaster } from './deferred-toaster'

describe('the deferred toaster', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('draws nothing at first paint, then mounts the toast region when the browser is idle', async () => {
    let idle: (() => void) | undefined
    vi.stubGlobal('requestIdleCallback', (run: () => void) => ((idle = run), 1))
    vi.stubGlobal('cancelIdleCallback', () => {})
    render(<DeferredToaster />)
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull()
    act(() => idle!())
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeTruthy()
  })

  it('loads at once when a toast is queued before the browser is idle', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1)
    vi.stubGlobal('cancelIdleCallback', () => {})
    render(<DeferredToaster />)
    act(() => {
      toast({ title: 'Saved', description: 'It worked.' })
    })
    expect((await screen.findAllByText('It worked.')).length).toBeGreaterThan(0)
  })
})
