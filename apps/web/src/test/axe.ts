import axe from 'axe-core'

/**
 * The accessibility problems axe finds in `context` (the whole document by default, so a
 * dialog's portal is included), one line each, so a failing test says what to fix. The tags
 * are the e2e suite's; colour contrast is left to it, since jsdom paints nothing.
 */
export async function axeViolations(context: Element = document.body): Promise<string[]> {
  const results = await axe.run(context, {
    runOnly: {
      type: 'tag',
      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    },
    rules: { 'color-contrast': { enabled: false } },
  })
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  )
}
