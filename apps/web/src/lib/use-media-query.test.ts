import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { stubWindowWidth } from '@/test/media-query'

import { useMediaQuery, useStackedLists } from './use-media-query'

afterEach(() => vi.unstubAllGlobals())

describe('useMediaQuery', () => {
  it('follows the window as it crosses the query', () => {
    const screenWidth = stubWindowWidth(375)
    const { result } = renderHook(() => useMediaQuery('(min-width: 48rem)'))
    expect(result.current).toBe(false)

    act(() => screenWidth.resize(1024))
    expect(result.current).toBe(true)
    act(() => screenWidth.resize(500))
    expect(result.current).toBe(false)
  })

  it('matches nothing where the browser cannot ask (jsdom has no matchMedia)', () => {
    vi.stubGlobal('matchMedia', undefined)
    const { result } = renderHook(() => useMediaQuery('(min-width: 1px)'))
    expect(result.current).toBe(false)
  })
})

describe('useStackedLists', () => {
  it('stacks the lists below 1216 px, where a 52rem table does not fit beside the sidebar', () => {
    const screenWidth = stubWindowWidth(375)
    const { result } = renderHook(() => useStackedLists())
    expect(result.current).toBe(true)
    act(() => screenWidth.resize(1215))
    expect(result.current).toBe(true)
    act(() => screenWidth.resize(1216))
    expect(result.current).toBe(false)
    act(() => screenWidth.resize(1280))
    expect(result.current).toBe(false)
  })

  it('shows the tables where no query can be asked', () => {
    vi.stubGlobal('matchMedia', undefined)
    const { result } = renderHook(() => useStackedLists())
    expect(result.current).toBe(false)
  })
})
