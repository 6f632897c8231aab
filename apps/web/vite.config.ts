import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, minifySync, type Plugin, type Rollup, runnerImport } from 'vite'
import { browserRouteTable } from './src/build/browser-route-table'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

/** The chunks a page loads first: the entry and what it imports statically, each after its own imports. */
function initialChunks(bundle: OutputBundle): OutputChunk[] {
  const entry = Object.values(bundle).find((file): file is OutputChunk => file.type === 'chunk' && file.isEntry)
  if (!entry) throw new Error('the build has no entry chunk')
  const ordered: OutputChunk[] = []
  const seen = new Set<string>()
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return
    seen.add(chunk.fileName)
    for (const name of chunk.imports) {
      const imported = bundle[name]
      if (imported?.type === 'chunk') visit(imported)
    }
    ordered.push(chunk)
  }
  visit(entry)
  return ordered
}

// The parts that load on first use and answer a tap on the cart: the cart drawer and the toasts. A held tap has
// start.js fetch their files beside the page's code (docs/decisions/0017). The menu and the search are popovers the
// browser opens itself, in the page from the start (0019).
const TAPPED_MODULES = /[\\/]src[\\/](features[\\/]cart[\\/]cart-drawer|components[\\/]toast-region)\.tsx$/

/**
 * The names a file takes or hands on from other modules, each with the module it comes from: the name it is known by
 * here (`b` in `import { a as b } from 'x'` and in `export { a as b } from 'x'`).
 */
function namesFrom(code: string): { name: string; from: string }[] {
  const found: { name: string; from: string }[] = []
  for (const [, names = '', from = ''] of code.matchAll(
    /(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
  )) {
    for (const part of names.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
      if (name) found.push({ name, from })
    }
  }
  return found
}

type PluginContext = ThisParameterType<Extract<Plugin['buildEnd'], (...args: never[]) => unknown>>

/**
 * The modules the given ones need: themselves and what they import, where a name taken from a package
 * (`import { Modal } from '@mantine/core'`) counts as the one file that defines it, not the package's index, which
 * imports every component or icon of the package.
 */
async function neededBy(context: PluginContext, roots: string[]): Promise<Set<string>> {
  const members = new Set<string>()
  const pending: string[] = []
  const indexes = new Set<string>()
  for (const id of roots) {
    pending.push(id)
    for (const { name, from } of namesFrom(fs.readFileSync(id, 'utf8'))) {
      if (from.startsWith('.')) continue
      const entry = (await context.resolve(from, id))?.id
      if (!entry) continue
      // A package's entry that hands the name on from one of its files is an index: that file is what is needed.
      const definedIn = namesFrom(fs.readFileSync(entry, 'utf8')).find((found) => found.name === name)
      const file = definedIn && (await context.resolve(definedIn.from, entry))?.id
      if (file) {
        indexes.add(entry)
        pending.push(file)
      } else pending.push(entry)
    }
  }
  const isIndex = (id: string) => indexes.has(id) || /[\\/]node_modules[\\/].*[\\/]index\.m?js$/.test(id)
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (members.has(id)) continue
    members.add(id)
    for (const imported of context.getModuleInfo(id)?.importedIds ?? []) {
      if (!isIndex(imported)) pending.push(imported)
    }
  }
  return members
}

/**
 * A plugin that finds, at the end of the build, what its roots need (`neededBy`), roots left out when `keepRoots` is
 * false; its `has` then gathers those modules into one chunk (a group of the build's `codeSplitting`).
 */
function neededParts(
  name: string,
  findRoots: (context: PluginContext) => string[],
  { keepRoots }: { keepRoots: boolean },
): Plugin & { has(id: string): boolean } {
  let members = new Set<string>()
  return {
    name,
    apply: 'build',
    has: (id) => members.has(id),
    async buildEnd() {
      const roots = findRoots(this)
      if (roots.length === 0) throw new Error(`${name}: the build has none of the modules it starts from`)
      members = await neededBy(this, roots)
      if (!keepRoots) for (const root of roots) members.delete(root)
    },
  }
}

/** The modules the tapped parts need, gathered into the `tapped-parts` chunk. */
function tappedParts() {
  return neededParts(
    'shop:tapped-parts',
    (context) => [...context.getModuleIds()].filter((id) => TAPPED_MODULES.test(id)),
    { keepRoots: true },
  )
}

/**
 * What the storefront's pages with a chunk of their own need (the checkout, order tracking, a guest's order and the
 * search results), gathered into one file beyond the first chunks and the tapped parts (which take what they hold
 * first): left to Rolldown, the checkout came as 23 small files and the search results as 13, queued on a phone's six
 * connections one high-latency round trip after another (docs/decisions/0032). Each page keeps its own chunk, which
 * the server names on a rendered page's root.
 */
function storefrontPageParts() {
  return neededParts(
    'shop:storefront-page-parts',
    (context) =>
      [...context.getModuleIds()].filter(
        (id) => PAGE_MODULE.test(id) && (context.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0,
      ),
    { keepRoots: false },
  )
}

/** The given chunks and what they import beyond the first chunks, each once. */
function beyondFirstChunks(bundle: OutputBundle, roots: OutputChunk[]): OutputChunk[] {
  const initial = new Set(initialChunks(bundle).map((chunk) => chunk.fileName))
  const found = new Map<string, OutputChunk>()
  const visit = (chunk: OutputChunk) => {
    if (initial.has(chunk.fileName) || found.has(chunk.fileName)) return
    found.set(chunk.fileName, chunk)
    for (const name of chunk.imports) {
      const imported = bundle[name]
      if (imported?.type === 'chunk') visit(imported)
    }
  }
  for (const root of roots) visit(root)
  return [...found.values()]
}

/** The stylesheets the chunks import, as the page links them. */
function stylesOf(chunks: OutputChunk[]): string[] {
  return chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`))
}

/** The chunks of the parts a tap needs, with what they import beyond the first chunks. */
function tappedChunks(bundle: OutputBundle): OutputChunk[] {
  const roots = Object.values(bundle).filter(
    (file): file is OutputChunk =>
      file.type === 'chunk' && Object.keys(file.modules).some((id) => TAPPED_MODULES.test(id)),
  )
  const found = beyondFirstChunks(bundle, roots)
  if (found.length === 0) throw new Error('the build has none of the chunks a tap needs')
  return found
}

const ZOD_MODULE = /[\\/]node_modules[\\/](\.pnpm[\\/]zod@[^\\/]+[\\/]node_modules[\\/])?zod[\\/]/

// A storefront page with a chunk of its own: its route's id is the module's name (router.tsx).
const PAGE_MODULE = /[\\/]src[\\/]routes[\\/]storefront[\\/]([\w-]+)\.page\.tsx$/

/**
 * The files of each storefront page that has a chunk of its own, by the page's name: its chunk and what that
 * imports beyond the first chunks, and their stylesheets. The server links a rendered page's stylesheets in its head
 * and lists its chunks on #root, and start.js fetches them with the first chunks, instead of one round trip after
 * them.
 */
function pageFiles(bundle: OutputBundle): Record<string, { chunks: string[]; styles: string[] }> {
  const pages: Record<string, { chunks: string[]; styles: string[] }> = {}
  for (const file of Object.values(bundle)) {
    const name = file.type === 'chunk' && file.isDynamicEntry ? file.facadeModuleId?.match(PAGE_MODULE)?.[1] : undefined
    if (!name || file.type !== 'chunk') continue
    const chunks = beyondFirstChunks(bundle, [file])
    pages[name] = { chunks: chunks.map((chunk) => `/${chunk.fileName}`), styles: stylesOf(chunks) }
  }
  if (Object.keys(pages).length === 0) throw new Error('the build has no storefront page of its own chunk')
  return pages
}

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints) on the first chunks: nearly all of their
 * functions run during the first load, so V8 compiles them while the files stream in instead of one by one on first
 * call in the middle of the start-up tasks. The comment must be a file's first line.
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
        for (const chunk of initialChunks(bundle)) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`
      },
    },
  }
}

/**
 * src/start.js, minified, as a script of <head> before the stylesheet: it asks for the first chunks while the HTML is
 * still arriving and runs them after the first paint (docs/decisions/0023 and 0025). The chunks it starts come from the page's
 * data attributes, so the script is the same on every page (the API allows it by its hash). The code comes as a few
 * chunks (React, Mantine, the other packages, the shop's own), run one by one, each in a task of its own: run as one
 * file, it held the main thread for one long task (docs/decisions/0010). The stylesheets stay plain <link>s.
 */
function startAfterFirstPaint(): Plugin {
  const entryScript = /<script type="module" crossorigin src="[^"]+"><\/script>\s*/
  const modulePreloads = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g
  const minified = minifySync('start.js', fs.readFileSync(path.join(import.meta.dirname, 'src/start.js'), 'utf8'))
  if (minified.errors.length > 0) throw new Error(`src/start.js: ${minified.errors[0]?.message}`)
  const code = minified.code.trim()
  return {
    name: 'shop:start-after-first-paint',
    apply: 'build',
    // The pages with a chunk of their own, for the server: it links their stylesheets and lists their chunks on
    // #root (a rendered page carries only its own, not every page's).
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'page-files.json', source: JSON.stringify(pageFiles(bundle)) })
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle || !entryScript.test(html)) throw new Error('index.html has no module script for its entry')
        const initial = initialChunks(context.bundle)
        // Schemas are for forms and the back office, which load later: zod in the first chunks costs the storefront
        // about 20 kB compressed before a tap is answered (an import of a schema module for one constant did it once).
        const zod = initial.flatMap((chunk) => Object.keys(chunk.modules)).find((id) => ZOD_MODULE.test(id))
        if (zod)
          throw new Error(
            `the first chunks must not carry zod, but take ${zod}: import the constant from a module without schemas`,
          )
        const chunks = initial.map((chunk) => `/${chunk.fileName}`)
        const tappedFiles = tappedChunks(context.bundle)
        const tapped = tappedFiles.map((chunk) => `/${chunk.fileName}`)
        const tappedStyles = stylesOf(tappedFiles)
        const start = `<script data-chunks="${chunks.join(' ')}" data-tap-chunks="${tapped.join(' ')}" data-tap-styles="${tappedStyles.join(' ')}">${code}</script>\n    `
        return html.replace(modulePreloads, '').replace(entryScript, start)
      },
    },
  }
}

/**
 * src/early-taps.js, minified, as the first script of <head>: it must listen before anything is painted, so it
 * cannot wait for a file of its own. The API allows it by its hash (plugins/security-headers.ts reads the built
 * index.html).
 */
function inlineEarlyTaps(): Plugin {
  const minified = minifySync(
    'early-taps.js',
    fs.readFileSync(path.join(import.meta.dirname, 'src/early-taps.js'), 'utf8'),
  )
  if (minified.errors.length > 0) throw new Error(`src/early-taps.js: ${minified.errors[0]?.message}`)
  const script = `<script>${minified.code.trim()}</script>`
  return {
    name: 'shop:inline-early-taps',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes('<meta charset="UTF-8" />')) throw new Error('index.html has no <meta charset> to follow')
        return html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    ${script}`)
      },
    },
  }
}

/**
 * A script at the end of <body>, which does nothing but stop the parser until the stylesheet is in (a browser runs no
 * page script before the stylesheets above it): when parsing ends, Chromium lays the page out to find its forms for
 * autofill, and before the styles arrive that layout is of an unstyled page and done again once they are, about
 * 70 ms of a phone's main thread (0.3 s slowed 4x) before the first paint (docs/decisions/0026). It must not be empty:
 * a browser skips an empty script.
 */
function parseWithStyles(): Plugin {
  return {
    name: 'shop:parse-with-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes('</body>')) throw new Error('index.html has no </body>')
        return html.replace('</body>', '  <script>/* parsed once styled */</script>\n  </body>')
      },
    },
  }
}

/**
 * Writes the theme's CSS variables (src/styles/theme-variables.ts) into src/styles/theme.css as the stylesheet is
 * built: Mantine's provider would otherwise write them into a <style> of every page (11.7 kB of each page's HTML).
 */
function themeVariables(): Plugin {
  const stylesheet = path.join(import.meta.dirname, 'src/styles/theme.css')
  return {
    name: 'shop:theme-variables',
    async transform(code, id) {
      if (id !== stylesheet) return
      const { module } = await runnerImport<typeof import('./src/styles/theme-variables')>(
        path.join(import.meta.dirname, 'src/styles/theme-variables.ts'),
      )
      return `${code}\n${module.themeVariablesCss()}`
    },
  }
}

const tapped = tappedParts()
const pageParts = storefrontPageParts()

/**
 * React Router's production build. Its package's exports name only its development build (with `ENABLE_DEV_WARNINGS`
 * on, so the console warns in production); the production build is in the same package. Both builds of the web app
 * take it.
 */
function reactRouterProduction() {
  const routerDom = path.dirname(createRequire(import.meta.url).resolve('react-router-dom/package.json'))
  const router = path.dirname(createRequire(path.join(routerDom, 'package.json')).resolve('react-router/package.json'))
  return [
    { find: /^react-router$/, replacement: path.join(router, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(router, 'dist/production/dom-export.mjs') },
  ]
}

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // The server renderer (src/entry-server.tsx), loaded by the API from dist-ssr/: never served to a browser.
        // Self-contained (packages bundled in), so it runs wherever the built web app is copied; CSS is the browser
        // build's (CSS modules get the same class names in both builds).
        plugins: [react()],
        resolve: { alias: reactRouterProduction() },
        ssr: { noExternal: true },
        // React's production build whatever NODE_ENV the server was started with; the development one is left out.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { target: 'node20', sourcemap: false, outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false },
      }
    : {
        resolve: { alias: reactRouterProduction() },
        plugins: [
          react(),
          themeVariables(),
          browserRouteTable(),
          compileHints(),
          startAfterFirstPaint(),
          inlineEarlyTaps(),
          parseWithStyles(),
          tapped,
          pageParts,
        ],
        server: {
          proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
        },
        build: {
          target: 'es2022',
          sourcemap: false,
          // Every browser of the es2022 target supports <link rel="modulepreload">: no polyfill in the main chunk.
          modulePreload: { polyfill: false },
          // The first chunks are React (219 kB), the other packages (156 kB), Mantine (98 kB) and the shop's own code
          // with the landing pages (90 kB): 175 kB gzipped in all.
          chunkSizeWarningLimit: 600,
          rolldownOptions: {
            output: {
              // What the first page needs is these four files, by package, not one file (run as one long task) nor
              // the many small shared chunks Rolldown would make (each a request of its own). Lazy chunks (the admin,
              // the cart drawer, the checkout) keep their own code.
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    tags: ['$initial'],
                    test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/].*\.js$/,
                    priority: 5,
                  },
                  {
                    name: 'mantine',
                    tags: ['$initial'],
                    test: /[\\/]node_modules[\\/]@mantine[\\/].*\.m?js$/,
                    priority: 4,
                  },
                  { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/].*\.[cm]?js$/, priority: 3 },
                  { name: 'app', tags: ['$initial'], priority: 2 },
                  // What the tapped parts need beyond the first chunks, as one file: fetched as some twenty small
                  // files, they queued behind each other on a phone's high-latency line (a browser opens at most
                  // six connections to a host), and the search answered a tap seconds after the page's own controls.
                  { name: 'tapped-parts', test: (id) => tapped.has(id), priority: 1 },
                  // What the storefront's pages of their own chunk need beyond those, as one file for the same reason.
                  { name: 'storefront-pages', test: (id) => pageParts.has(id), priority: 0 },
                ],
              },
            },
          },
        },
      },
)
