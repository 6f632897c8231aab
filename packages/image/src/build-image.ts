import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { commandExists, run } from './commands'
import { type Healthcheck, setHealthcheck, tagSizes } from './oci-layout'

/**
 * Builds the shop's container image from Debian's packages and the built shop, with no registry and no downloaded
 * base image (docs/self-hosting.md, "Run it as a container"; docs/decisions/0021-container-image.md):
 *
 * 1. the base layer: a Debian root filesystem made by mmdebstrap (Node.js, tini as PID 1, CA certificates, and an
 *    unprivileged user `shop` owning /data), cached by what goes into it, so a rebuild of the shop reuses it;
 * 2. the shop's layer: the built API and web app with the API's production dependencies (`pnpm deploy --prod`),
 *    owned by root and read-only to the shop's user;
 * 3. an OCI layout (umoci) with the run settings and a health check, copied into a `docker-archive` tarball (skopeo)
 *    that `podman load` and `docker load` both take.
 */

/** Debian's packages in the base layer, on top of the `essential` set (dash, coreutils, libc). */
export const BASE_PACKAGES = ['nodejs', 'ca-certificates', 'tini'] as const
/** Debian's stable suite: the first with Node.js 20.19 or later (20.19.2 in Debian 13), which the shop needs. */
export const BASE_SUITE = 'stable'
/** The user the shop runs as in the container; a number, so a host's bind mount can be given to it with chown. */
export const SHOP_UID = 10001
export const IMAGE_NAME = 'localhost/shop'
/** A base layer older than this is made again: Debian's security updates reach a rebuilt image. */
const BASE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

export const REQUIRED_TOOLS = { mmdebstrap: 'mmdebstrap', umoci: 'umoci', skopeo: 'skopeo', tar: 'tar' } as const

export interface BuildOptions {
  /** A checkout of the shop in which `pnpm build` has run (apps/api/dist, apps/web/dist and dist-ssr). */
  sourceDir: string
  /** The image's tag; its version label too. */
  tag: string
  /** Where the OCI layout (`oci/`) and the tarball (`shop.tar`) go. */
  outDir: string
  /** Where the base layer is kept between builds. */
  cacheDir: string
  /** The commit it was built from, for its revision label. */
  revision?: string
  /** The image's name; `localhost/shop` unless a test keeps its images apart from the owner's. */
  name?: string
  log?: (line: string) => void
}

export interface BuiltImage {
  tag: string
  reference: string
  layoutDir: string
  archive: string
  /** What a registry or `podman pull` would move: the compressed layers and the config. */
  compressedBytes: number
  baseLayerBytes: number
  shopLayerBytes: number
  archiveBytes: number
  seconds: number
}

export async function buildImage(options: BuildOptions): Promise<BuiltImage> {
  const started = performance.now()
  const log = options.log ?? ((line: string) => console.log(line))
  const missing = Object.entries(REQUIRED_TOOLS).filter(([command]) => !commandExists(command))
  if (missing.length > 0) {
    throw new Error(
      `pnpm image needs ${missing.map(([command]) => command).join(', ')}: apt-get install ${missing.map(([, pkg]) => pkg).join(' ')}`,
    )
  }
  const sourceDir = path.resolve(options.sourceDir)
  for (const built of ['apps/api/dist/server.js', 'apps/web/dist/index.html', 'apps/web/dist-ssr']) {
    if (!fs.existsSync(path.join(sourceDir, built))) {
      throw new Error(`${path.join(sourceDir, built)} is missing: build the shop first (pnpm build)`)
    }
  }
  fs.mkdirSync(options.outDir, { recursive: true })
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-image-'))
  try {
    const base = await debianLayer(SHOP_BASE, options.cacheDir, log)
    log(`shop layer: the built API and web app with production dependencies, from ${sourceDir}`)
    const shop = await shopLayer(sourceDir, work)
    const name = options.name ?? IMAGE_NAME
    const image = await packImage({
      layoutDir: path.join(options.outDir, 'oci'),
      archive: path.join(options.outDir, 'shop.tar'),
      name,
      tag: options.tag,
      layers: [
        { file: base, createdBy: `mmdebstrap --variant=essential --include=${BASE_PACKAGES.join(',')} ${BASE_SUITE}` },
        { file: shop, createdBy: 'the shop, built' },
      ],
      config: shopConfig(options),
      healthcheck: {
        Test: [
          'CMD',
          'node',
          '-e',
          "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))",
        ],
        Interval: 30e9,
        Timeout: 5e9,
        StartPeriod: 60e9,
        Retries: 3,
      },
    })
    return {
      ...image,
      baseLayerBytes: image.layerBytes[0] ?? 0,
      shopLayerBytes: image.layerBytes[1] ?? 0,
      seconds: (performance.now() - started) / 1000,
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

/** A Debian root filesystem: the packages on top of the `essential` set, and what is done to it once installed. */
interface DebianLayer {
  name: string
  packages: readonly string[]
  hooks: readonly string[]
  /** Files the hooks upload, whose content goes into the cache key. */
  files?: readonly string[]
}

const DPKG_OPTIONS = [
  'path-exclude=/usr/share/doc/*',
  'path-include=/usr/share/doc/*/copyright',
  'path-exclude=/usr/share/man/*',
  'path-exclude=/usr/share/info/*',
  'path-exclude=/usr/share/locale/*',
]

export const SHOP_BASE: DebianLayer = {
  name: 'shop',
  packages: BASE_PACKAGES,
  hooks: [
    // The shop's user and group, without the passwd package (not in the essential set).
    `echo "shop:x:${SHOP_UID}:${SHOP_UID}:shop:/data:/usr/sbin/nologin" >> "$1/etc/passwd"`,
    `echo "shop:x:${SHOP_UID}:" >> "$1/etc/group"`,
    `mkdir -p "$1/data" "$1/app" && chown ${SHOP_UID}:${SHOP_UID} "$1/data" && chmod 700 "$1/data"`,
    // Node.js and tini answer: a broken base fails here, not in a container.
    'chroot "$1" node --version && chroot "$1" tini --version',
  ],
}

/**
 * The Debian layer, made once per week and per content (packages, hooks, uploaded files). `mmdebstrap` reads the
 * host's apt sources for Debian's mirror; a mirror that serves a snapshot has Release files past their
 * "Valid-Until" date, so a refusal for that reason is tried again without that check (the packages are still
 * verified against Debian's keys).
 */
async function debianLayer(layer: DebianLayer, cacheDir: string, log: (line: string) => void): Promise<string> {
  const key = createHash('sha256')
    .update(JSON.stringify([BASE_SUITE, layer.packages, layer.hooks, DPKG_OPTIONS]))
    .update((layer.files ?? []).map((file) => fs.readFileSync(file, 'utf8')).join('\0'))
    .digest('hex')
    .slice(0, 16)
  const file = path.join(cacheDir, `debian-${BASE_SUITE}-${layer.name}-${key}.tar`)
  if (fs.existsSync(file) && Date.now() - fs.statSync(file).mtimeMs < BASE_MAX_AGE_MS) {
    log(`base layer: ${file} (made ${new Date(fs.statSync(file).mtimeMs).toISOString()})`)
    return file
  }
  fs.mkdirSync(cacheDir, { recursive: true })
  const partial = `${file}.partial`
  const args = (extra: string[]) => [
    '--variant=essential',
    '--format=tar',
    `--include=${layer.packages.join(',')}`,
    ...DPKG_OPTIONS.map((option) => `--dpkgopt=${option}`),
    ...layer.hooks.map((hook) => `--customize-hook=${hook}`),
    ...extra,
    BASE_SUITE,
    partial,
  ]
  log(`base layer: Debian ${BASE_SUITE} with ${layer.packages.join(', ')} (mmdebstrap)`)
  fs.rmSync(partial, { recursive: true, force: true })
  try {
    await run('mmdebstrap', args([]))
  } catch (error) {
    if (!(error instanceof Error && / is expired /.test(error.message))) throw error
    log(
      "base layer: the mirror's Release files are past their Valid-Until date (a snapshot); trying without that check",
    )
    fs.rmSync(partial, { recursive: true, force: true })
    await run('mmdebstrap', args(['--aptopt=Acquire::Check-Valid-Until "false"']))
  }
  fs.renameSync(partial, file)
  return file
}

/** Production dependencies only: what the API imports at run time (esbuild bundles the workspace packages in). */
async function shopLayer(sourceDir: string, work: string): Promise<string> {
  const root = path.join(work, 'root')
  const api = path.join(root, 'app/apps/api')
  await run('pnpm', ['--dir', sourceDir, '--filter', '@shop/api', 'deploy', '--prod', '--legacy', api])
  // pnpm deploy copies the package's sources and tests as well; the server needs its bundle and node_modules.
  for (const entry of fs.readdirSync(api)) {
    if (!['dist', 'node_modules', 'package.json'].includes(entry)) fs.rmSync(path.join(api, entry), { recursive: true })
  }
  pruneDependencies(path.join(api, 'node_modules/.pnpm'))
  for (const built of ['dist', 'dist-ssr']) {
    fs.cpSync(path.join(sourceDir, 'apps/web', built), path.join(root, 'app/apps/web', built), { recursive: true })
  }
  // The shop's command-line tools by short names: `podman exec shop shop-admin reset`, `shop-db backup`.
  const bin = path.join(root, 'usr/local/bin')
  fs.mkdirSync(bin, { recursive: true })
  for (const [tool, script] of [
    ['shop-admin', 'admin-cli.js'],
    ['shop-db', 'db-cli.js'],
  ] as const) {
    fs.writeFileSync(path.join(bin, tool), `#!/bin/sh\nexec node /app/apps/api/dist/${script} "$@"\n`, { mode: 0o755 })
  }
  const tarball = path.join(work, 'shop-layer.tar')
  // Owned by root and not writable by the shop's user: only /data is hers.
  await run('tar', [
    '--create',
    `--file=${tarball}`,
    '--numeric-owner',
    '--owner=0',
    '--group=0',
    '--mode=go-w',
    '--sort=name',
    `--directory=${root}`,
    'app',
    'usr',
  ])
  return tarball
}

/**
 * Files that production dependencies bring but never run: TypeScript (an optional peer of tRPC, which pnpm installs
 * anyway) and better-sqlite3's build leftovers (the compiled addon stays).
 */
function pruneDependencies(store: string): void {
  for (const entry of fs.readdirSync(store)) {
    if (/^(typescript@|@typescript\+)/.test(entry)) fs.rmSync(path.join(store, entry), { recursive: true })
    if (entry.startsWith('better-sqlite3@')) {
      const addon = path.join(store, entry, 'node_modules/better-sqlite3')
      for (const leftover of ['deps', 'src', 'build/deps'])
        fs.rmSync(path.join(addon, leftover), { recursive: true, force: true })
      const release = path.join(addon, 'build/Release')
      for (const file of fs.readdirSync(release)) {
        if (file !== 'better_sqlite3.node') fs.rmSync(path.join(release, file), { recursive: true })
      }
    }
  }
}

/** How the shop's image runs: as `shop`, under tini, with its data in the /data volume; and its labels. */
function shopConfig(options: BuildOptions): string[] {
  const labels = {
    'org.opencontainers.image.title': 'shop',
    'org.opencontainers.image.description': 'A self-hostable online shop: storefront and back office',
    'org.opencontainers.image.version': options.tag,
    'org.opencontainers.image.revision': options.revision ?? 'unknown',
    'org.opencontainers.image.source': sourceOf(options.sourceDir),
    'org.opencontainers.image.licenses': licenceOf(options.sourceDir),
    'org.opencontainers.image.created': new Date().toISOString(),
  }
  return [
    '--config.user',
    `${SHOP_UID}:${SHOP_UID}`,
    '--config.workingdir',
    '/app',
    '--config.entrypoint',
    '/usr/bin/tini',
    '--config.entrypoint',
    '--',
    '--config.cmd',
    'node',
    '--config.cmd',
    '--max-old-space-size=512',
    '--config.cmd',
    'apps/api/dist/server.js',
    '--config.env',
    'DATA_DIR=/data',
    '--config.env',
    'NODE_ENV=production',
    '--config.env',
    'PORT=3000',
    // How the first start's message names the admin tool inside the container.
    '--config.env',
    'SHOP_ADMIN_COMMAND=shop-admin',
    '--config.exposedports',
    '3000/tcp',
    '--config.volume',
    '/data',
    '--config.stopsignal',
    'SIGTERM',
    ...Object.entries(labels).flatMap(([name, value]) => ['--config.label', `${name}=${value}`]),
  ]
}

interface PackOptions {
  layoutDir: string
  archive: string
  name: string
  tag: string
  layers: { file: string; createdBy: string }[]
  /** umoci config's flags. */
  config: string[]
  healthcheck: Healthcheck
}

/**
 * An image in an OCI layout (umoci: the layers, the config, the health check) and in a `docker-archive` tarball
 * (skopeo), tagged with its tag and `latest`.
 */
async function packImage(
  options: PackOptions,
): Promise<Omit<BuiltImage, 'baseLayerBytes' | 'shopLayerBytes' | 'seconds'> & { layerBytes: number[] }> {
  const { layoutDir, tag } = options
  if (!fs.existsSync(path.join(layoutDir, 'index.json'))) await run('umoci', ['init', '--layout', layoutDir])
  const image = `${layoutDir}:${tag}`
  await run('umoci', ['rm', '--image', image]).catch(() => undefined)
  await run('umoci', ['new', '--image', image])
  for (const layer of options.layers) {
    await run('umoci', ['raw', 'add-layer', '--image', image, '--history.created_by', layer.createdBy, layer.file])
  }
  await run('umoci', ['config', '--image', image, ...options.config])
  // OCI's image config has no health check; Docker's and Podman's read this field of it (HEALTHCHECK).
  setHealthcheck(layoutDir, tag, options.healthcheck)
  await run('umoci', ['gc', '--layout', layoutDir])
  fs.rmSync(options.archive, { force: true })
  const reference = `${options.name}:${tag}`
  await run('skopeo', [
    'copy',
    '--quiet',
    '--additional-tag',
    `${options.name}:latest`,
    `oci:${layoutDir}:${tag}`,
    `docker-archive:${options.archive}:${reference}`,
  ])
  const sizes = tagSizes(layoutDir, tag)
  return {
    tag,
    reference,
    layoutDir,
    archive: options.archive,
    compressedBytes: sizes.total,
    layerBytes: sizes.layers,
    archiveBytes: fs.statSync(options.archive).size,
  }
}

// --- PostgreSQL -----------------------------------------------------------------------------------------------

export const POSTGRES_IMAGE_NAME = 'localhost/shop-postgres'
const POSTGRES_ENTRYPOINT = path.resolve(import.meta.dirname, '../postgres/entrypoint.sh')

const POSTGRES_BASE: DebianLayer = {
  name: 'postgres',
  packages: ['postgresql', 'tini'],
  files: [POSTGRES_ENTRYPOINT],
  hooks: [
    `upload ${POSTGRES_ENTRYPOINT} /usr/local/bin/shop-postgres`,
    'chmod 755 "$1/usr/local/bin/shop-postgres"',
    // The package's own cluster is not used: the entrypoint makes one in the volume on its first start.
    'rm -rf "$1"/var/lib/postgresql/[0-9]* "$1"/etc/postgresql/[0-9]*',
    'mkdir -p "$1/var/lib/postgresql/data"',
    'chroot "$1" chown postgres:postgres /var/lib/postgresql/data',
    'chmod 700 "$1/var/lib/postgresql/data"',
  ],
}

/**
 * PostgreSQL for compose.yaml's `postgres` profile, from Debian's packages the same way (the version of Debian
 * stable: 17 in Debian 13). It changes only with Debian, so an image already built this week is kept.
 */
export async function buildPostgresImage(options: {
  outDir: string
  cacheDir: string
  name?: string
  log?: (line: string) => void
}): Promise<Omit<BuiltImage, 'baseLayerBytes' | 'shopLayerBytes'>> {
  const started = performance.now()
  const log = options.log ?? ((line: string) => console.log(line))
  const base = await debianLayer(POSTGRES_BASE, options.cacheDir, log)
  const tag = path.basename(base, '.tar').replace(/^debian-/, '')
  const image = await packImage({
    layoutDir: path.join(options.outDir, 'postgres-oci'),
    archive: path.join(options.outDir, 'shop-postgres.tar'),
    name: options.name ?? POSTGRES_IMAGE_NAME,
    tag,
    layers: [{ file: base, createdBy: `mmdebstrap --variant=essential --include=postgresql,tini ${BASE_SUITE}` }],
    config: [
      '--config.user',
      'postgres',
      '--config.entrypoint',
      '/usr/bin/tini',
      '--config.entrypoint',
      '--',
      '--config.entrypoint',
      '/usr/local/bin/shop-postgres',
      '--config.env',
      'PGDATA=/var/lib/postgresql/data',
      '--config.env',
      'PGHOST=/tmp',
      '--config.exposedports',
      '5432/tcp',
      '--config.volume',
      '/var/lib/postgresql/data',
      // SIGINT is PostgreSQL's fast shutdown; on SIGTERM it would wait for the shop's connections to close.
      '--config.stopsignal',
      'SIGINT',
      '--config.label',
      'org.opencontainers.image.title=shop-postgres',
      '--config.label',
      `org.opencontainers.image.version=${tag}`,
    ],
    healthcheck: {
      Test: ['CMD', 'pg_isready', '--host=127.0.0.1', '--quiet'],
      Interval: 10e9,
      Timeout: 5e9,
      StartPeriod: 30e9,
      Retries: 3,
    },
  })
  return { ...image, seconds: (performance.now() - started) / 1000 }
}

function sourceOf(sourceDir: string): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(sourceDir, 'package.json'), 'utf8')).repository?.url ?? 'local build'
  } catch {
    return 'local build'
  }
}

/** The licence the project's package.json names; a project that names none is not licensed to others. */
function licenceOf(sourceDir: string): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(sourceDir, 'package.json'), 'utf8')).license ?? 'NOASSERTION'
  } catch {
    return 'NOASSERTION'
  }
}
