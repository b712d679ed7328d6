import { useCallback, useSyncExternalStore } from 'react'

function matches(query: string): boolean {
  // jsdom has no matchMedia: there, as in a browser too old for it, nothing matches.
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches
}

/** Whether the window matches a CSS media query, kept up to date as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => matches(query),
    () => false,
  )
}

/**
 * Narrower than 76rem (1216 px), a 52rem table does not fit beside the 16rem sidebar, the page's
 * and the card's margins (7rem) and the card's border: lists show each entry stacked, with every
 * field and action in sight, instead of a table that scrolls sideways in its box
 * (docs/decisions/027-phone-tables.md). Written as "not (min-width)" so that, where no query can
 * be asked, the table shows.
 */
export const STACKED_LISTS_QUERY = 'not all and (min-width: 76rem)'

export function useStackedLists(): boolean {
  return useMediaQuery(STACKED_LISTS_QUERY)
}
