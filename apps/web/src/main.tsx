import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { App } from './app/app'
import './index.css'

// Zod compiles object parsers with `new Function` when it may. Our CSP forbids eval, and zod's
// probe for it is reported by the browser as a policy violation even though zod catches it.
// Zod reads its settings from this global (shared by every copy of zod): parse without the
// compiler. Set here rather than through zod's `config()` so the entry does not import zod (the
// landing page's bundle budget); the every-page journey fails on any CSP violation.
// Mutated, not replaced: a zod evaluated before this line already holds the object.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
;(zodSettings.__zod_globalConfig ??= {}).jitless = true

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
