import { act } from '@testing-library/react'

/**
 * Lets a form finish what a submit or a change started: react-hook-form checks in promises, even
 * with a synchronous schema, so its messages and focus come a few microtasks after the event.
 * Drains those (no timers, so it also works under fake ones), then React's render of the result.
 */
export async function settle() {
  await act(async () => {
    for (let tick = 0; tick < 50; tick += 1) await Promise.resolve()
  })
}
