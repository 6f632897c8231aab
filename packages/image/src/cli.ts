import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildImage, buildPostgresImage } from './build-image'

// pnpm image: builds the image of the checkout it runs in (built first by the root script), or of --source.
const repoRoot = path.resolve(import.meta.dirname, '../../..')
const { values } = parseArgs({
  options: {
    source: { type: 'string', default: repoRoot },
    tag: { type: 'string' },
    out: { type: 'string', default: path.join(repoRoot, 'dist/image') },
  },
})
const sourceDir = path.resolve(values.source)
const revision = gitRevision(sourceDir)
const tag = values.tag ?? (revision === 'unknown' ? 'dev' : revision.replace(/^(\w{12})\w*/, '$1'))
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`
const outDir = path.resolve(values.out)
const cacheDir = path.join(repoRoot, 'node_modules/.cache/shop-image')
const shown = (file: string) =>
  path.relative(process.cwd(), file).startsWith('..') ? file : path.relative(process.cwd(), file)
try {
  const image = await buildImage({ sourceDir, tag, revision, outDir, cacheDir })
  const postgres = await buildPostgresImage({ outDir, cacheDir })
  console.log(
    [
      '',
      `  Image ${image.reference} (also ${image.reference.replace(/:[^:]+$/, ':latest')}), built in ${Math.round(image.seconds)} s`,
      `  Compressed: ${mb(image.compressedBytes)} (Debian ${mb(image.baseLayerBytes)}, the shop ${mb(image.shopLayerBytes)})`,
      `  OCI layout: ${image.layoutDir}`,
      `  Archive:    ${image.archive} (${mb(image.archiveBytes)}, uncompressed layers)`,
      '',
      `  Load it:    podman load -i ${shown(image.archive)}   (or docker load -i ...)`,
      '  Run it:     podman run -d --name shop -p 3000:3000 -v shop-data:/data localhost/shop:latest',
      '',
      `  PostgreSQL for compose.yaml's postgres profile: ${postgres.reference}, ${mb(postgres.compressedBytes)} compressed`,
      `  Load it:    podman load -i ${shown(postgres.archive)}`,
      '',
    ].join('\n'),
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

function gitRevision(dir: string): string {
  try {
    const sha = execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    })
    return dirty.trim() ? `${sha}-dirty` : sha
  } catch {
    return 'unknown'
  }
}
