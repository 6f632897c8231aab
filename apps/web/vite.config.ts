import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints) on the main chunk: nearly all of its
 * functions run during the first load, so V8 compiles them while the file streams in, off the main thread, instead
 * of one by one on first call in the middle of the start-up tasks. The comment must be the file's first line.
 */
function compileHints(): Plugin {
  return {
    name: 'shop:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own generateBundle, which puts the preload map at the top of the entry.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`
        }
      },
    },
  }
}

/**
 * The page asks for the main chunk after its first paint, through src/start.js, instead of at once: on a slow
 * connection its download (about 150 kB) otherwise shares the line with the HTML, the stylesheet and the main image,
 * and the page paints later (docs/decisions/0010). The stylesheet stays a plain <link>.
 */
function startAfterFirstPaint(): Plugin {
  const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/
  // Plain JavaScript, copied as it is under a name with its hash (cached for a year, like the other assets).
  const source = fs.readFileSync(path.join(import.meta.dirname, 'src/start.js'), 'utf8')
  const fileName = `assets/start-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`
  return {
    name: 'shop:start-after-first-paint',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source })
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = entryScript.exec(html)?.[1]
        if (!entry) throw new Error('index.html has no module script for the main chunk')
        return html.replace(entryScript, `<script type="module" src="/${fileName}" data-entry="${entry}"></script>`)
      },
    },
  }
}

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // The server renderer (src/entry-server.tsx), loaded by the API from dist-ssr/: never served to a browser.
        // Self-contained (packages bundled in), so it runs wherever the built web app is copied; CSS is the browser
        // build's (CSS modules get the same class names in both builds).
        plugins: [react()],
        ssr: { noExternal: true },
        // React's production build whatever NODE_ENV the server was started with; the development one is left out.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { target: 'node20', sourcemap: false, outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false },
      }
    : {
        plugins: [react(), compileHints(), startAfterFirstPaint()],
        server: {
          proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
        },
        build: {
          target: 'es2022',
          sourcemap: false,
          // Every browser of the es2022 target supports <link rel="modulepreload">: no polyfill in the main chunk.
          modulePreload: { polyfill: false },
          // The main chunk is one file on purpose (below): React, Mantine, the router and the landing pages, 160 kB
          // gzipped.
          chunkSizeWarningLimit: 600,
          rolldownOptions: {
            output: {
              // Everything the first page needs is one file, not the main chunk and a handful of small shared ones
              // that a lazy chunk also uses (each a request of its own before anything shows).
              codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
            },
          },
        },
      },
)
