import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { z } from 'zod'

import { App } from './app/app'
import './index.css'

// Zod compiles object parsers with `new Function` when it may. Our CSP forbids eval, and zod's
// probe for it is reported by the browser as a policy violation even though zod catches it:
// parse without the compiler (the every-page journey fails on any violation).
z.config({ jitless: true })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
