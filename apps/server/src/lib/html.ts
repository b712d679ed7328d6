const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes text for HTML element content and quoted attributes. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!)

/**
 * A small self-contained page for the few answers the server renders itself (a refused single
 * sign-on). No script, styles inline, so it passes the strict CSP.
 */
export function simplePage({
  title,
  message,
  link,
}: {
  title: string
  message: string
  link: { href: string; text: string }
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:1rem}
main{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:2rem;max-width:32rem}
h1{font-size:1.25rem;margin:0 0 .75rem}
a{color:#3730a3;font-weight:600}
a:focus-visible{outline:3px solid #4338ca;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>
</main>
</body>
</html>
`
}
