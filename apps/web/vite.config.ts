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

/**
 * Writes a brotli and a gzip copy beside each script, stylesheet and icon of the build, so that
 * the server can send them ready-made (@fastify/static `preCompressed`) rather than compress on
 * every request, or not at all: the landing page's script is 3.7 times smaller in brotli, the
 * largest part of issue 12's Lighthouse budget on a slow mobile link.
 * CompressionStream, not node:zlib, because the web lint rules keep Node imports out of apps/web.
 * It runs last (`enforce: 'post'`, `order: 'post'`) so it compresses the final file contents.
 */
function precompress(): Plugin {
  // Node knows brotli from version 24 (the version this repository pins); TypeScript's DOM types
  // do not yet. An older Node writes the gzip copies only.
  const formats = (
    [
      ['brotli', 'br'],
      ['gzip', 'gz'],
    ] as [CompressionFormat, string][]
  ).filter(([format]) => {
    try {
      return Boolean(new CompressionStream(format))
    } catch {
      return false
    }
  })
  const compress = async (source: string | Uint8Array, format: CompressionFormat) => {
    const stream = new Blob([typeof source === 'string' ? source : source.slice()])
      .stream()
      .pipeThrough(new CompressionStream(format))
    return new Uint8Array(await new Response(stream).arrayBuffer())
  }
  return {
    name: 'hackathon:precompress',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (!/\.(js|css|svg)$/.test(file.fileName)) continue
          const source = file.type === 'chunk' ? file.code : file.source
          // Under a kilobyte there is little to save; the server then sends the file as it is.
          if (source.length < 1024) continue
          for (const [format, extension] of formats) {
            const compressed = await compress(source, format)
            if (compressed.length < source.length)
              this.emitFile({
                type: 'asset',
                fileName: `${file.fileName}.${extension}`,
                source: compressed,
              })
          }
        }
      },
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), appName(), precompress()],
  resolve: {
    // import.meta.dirname keeps this file free of node: imports, which the web lint rules forbid.
    alias: { '@': `${import.meta.dirname}/src` },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // The entry and all it imports statically make one file. Left alone, the bundler moves
        // the modules that lazy pages share with the entry into chunks of their own: the first
        // visit then loads three scripts, which compress worse (issue 12: 100.4 -> 98.8 kB).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
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
