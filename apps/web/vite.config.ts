import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vitest/config'

// A relative path, not '@hackathon/contract': Vite bundles relative imports of this config,
// whereas a package import is handed to Node, which cannot follow the contract's TS-source
// `.js` specifiers.
import { APP_NAME } from '../../packages/contract/src/constants.ts'

/** index.html reads the app name from the contract instead of repeating it. */
function appName(): Plugin {
  return {
    name: 'hackathon:app-name',
    transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', APP_NAME),
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), appName()],
  resolve: {
    // import.meta.dirname keeps this file free of node: imports, which the web lint rules forbid.
    alias: { '@': `${import.meta.dirname}/src` },
  },
  build: { outDir: 'dist' },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build-checks/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
})
