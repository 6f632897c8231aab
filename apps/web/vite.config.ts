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
        plugins: [react(), compileHints()],
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
