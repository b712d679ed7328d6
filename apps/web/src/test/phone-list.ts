import { within } from '@testing-library/react'

/**
 * What each item of a list drawn for a phone says: the lines of its heading, then each
 * `term: description`, then what `more` reads from the item (e.g. its buttons' names).
 */
export function phoneListEntries(
  list: HTMLElement,
  more: (item: HTMLElement) => (string | null)[] = () => [],
): (string | null)[][] {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => [
      ...Array.from(item.firstElementChild?.children ?? [], (line) => line.textContent),
      ...within(item)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
      ...more(item),
    ])
}
