// Bundles the API into dist/: our @shop/* workspace packages (TypeScript source) are bundled in, while every
// npm package stays an import resolved from node_modules at run time (native better-sqlite3 included).
import { build } from 'esbuild'

const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@shop/') ? undefined : { external: true }))
  },
}

await build({
  entryPoints: {
    server: 'src/server.ts',
    'admin-cli': 'src/cli/admin-cli.ts',
    'db-cli': 'src/cli/db-cli.ts',
    'images-cli': 'src/cli/images-cli.ts',
    bench: 'src/bench/bench.ts',
    'bench-server': 'src/bench/bench-server.ts',
    'admin-bench': 'src/bench/admin-bench.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalNpmPackages],
  logLevel: 'warning',
})
