import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type BuiltImage, buildImage, SHOP_UID } from './build-image'
import { run } from './commands'
import { type PodmanFlags, podman, podmanFlags } from './podman'

// The image as an owner runs it: built from this checkout (built by `pnpm test:image` first; IMAGE_SOURCE names
// another built checkout) and from the commit before it (IMAGE_UPGRADE_FROM, default HEAD~1), loaded from their tarballs, started with a volume, asked for what a buyer and the
// owner do, restarted, stopped, and upgraded from the previous image to this one on the same volume.

const repoRoot = path.resolve(import.meta.dirname, '../../..')
const NAME = 'localhost/shop-image-test'
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-image-test-'))
const cacheDir = path.join(repoRoot, 'node_modules/.cache/shop-image')
const made = { containers: new Set<string>(), volumes: new Set<string>() }
const log = (line: string) => console.log(`[image] ${line}`)

let current: BuiltImage
let previous: BuiltImage
let flags: PodmanFlags

beforeAll(async () => {
  const sourceDir = process.env.IMAGE_SOURCE ?? repoRoot
  current = await buildImage({
    sourceDir,
    tag: 'current',
    name: NAME,
    outDir: path.join(work, 'current'),
    cacheDir,
    log,
  })
  log(`current: ${(current.compressedBytes / 1e6).toFixed(1)} MB compressed, built in ${Math.round(current.seconds)} s`)
  previous = await buildPrevious()
  for (const image of [current, previous]) await run('podman', ['load', '--quiet', '--input', image.archive])
  flags = await podmanFlags(current.reference)
  log(`podman flags: ${[...flags.global, ...flags.run].join(' ') || 'none'}`)
}, 1_200_000)

afterAll(async () => {
  for (const container of made.containers) await run('podman', ['rm', '--force', container]).catch(() => undefined)
  for (const volume of made.volumes) await run('podman', ['volume', 'rm', '--force', volume]).catch(() => undefined)
  for (const tag of ['current', 'previous', 'latest']) {
    await run('podman', ['rmi', '--force', `${NAME}:${tag}`]).catch(() => undefined)
  }
  await run('git', ['-C', repoRoot, 'worktree', 'remove', '--force', path.join(work, 'previous-src')]).catch(
    () => undefined,
  )
  fs.rmSync(work, { recursive: true, force: true })
}, 120_000)

/** The commit before this one, checked out beside it, installed, built and made into an image by today's builder. */
async function buildPrevious(): Promise<BuiltImage> {
  const from = process.env.IMAGE_UPGRADE_FROM ?? 'HEAD~1'
  const source = path.join(work, 'previous-src')
  log(`previous: ${from}, checked out in ${source}`)
  await run('git', ['-C', repoRoot, 'worktree', 'add', '--detach', source, from])
  // Built as `pnpm start` builds it: not with the NODE_ENV=test this test runs under (React's JSX would be the
  // development one).
  const { NODE_ENV: _testMode, ...env } = process.env
  await run('pnpm', ['--dir', source, 'install', '--frozen-lockfile', '--prefer-offline'], { env })
  await run('pnpm', ['--dir', source, 'exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], { env })
  return buildImage({
    sourceDir: source,
    tag: 'previous',
    name: NAME,
    outDir: path.join(work, 'previous'),
    cacheDir,
    log,
  })
}

describe('the container image', () => {
  test('is small, runs as an unprivileged user from tini and keeps its data in /data', async () => {
    expect(current.compressedBytes).toBeLessThan(150e6)
    const [inspected] = JSON.parse(await podman(flags, ['image', 'inspect', current.reference]))
    expect(inspected.Config.User).toBe(`${SHOP_UID}:${SHOP_UID}`)
    expect(inspected.Config.Entrypoint).toEqual(['/usr/bin/tini', '--'])
    expect(inspected.Config.Volumes).toHaveProperty('/data')
    expect(inspected.Config.Env).toContain('DATA_DIR=/data')
    expect(inspected.Config.Labels['org.opencontainers.image.version']).toBe('current')
    expect(inspected.Config.Labels).toHaveProperty('org.opencontainers.image.licenses')
    expect(inspected.Config.Labels).toHaveProperty('org.opencontainers.image.source')
    const nodeVersion = await podman(flags, ['run', '--rm', '--entrypoint', 'node', current.reference, '--version'])
    const [major = 0, minor = 0] = nodeVersion.replace(/^v/, '').split('.').map(Number)
    expect(major > 20 || (major === 20 && minor >= 19), `Node.js ${nodeVersion}`).toBe(true)
    // The shop's files are root's: the running shop can write only to /data.
    const denied = await podman(flags, [
      'run',
      '--rm',
      '--entrypoint',
      'sh',
      current.reference,
      '-c',
      'id -u; touch /app/apps/api/dist/x 2>/dev/null && echo writable || echo read-only; touch /data/x && echo data-writable',
    ])
    expect(denied.split('\n')).toEqual([String(SHOP_UID), 'read-only', 'data-writable'])
  })

  test('passes its health check, serves the demo shop on a volume, takes an order, survives a restart and stops cleanly on SIGTERM', async () => {
    const shop = await startShop(current, 'restart')
    expect(shop.password.length).toBeGreaterThanOrEqual(16)
    expect(await podman(flags, ['logs', shop.container])).toContain('Reset it any time with: shop-admin reset')
    // The image's health check (Docker's HEALTHCHECK, which Podman reads into each container it starts) passes.
    const [container] = JSON.parse(await podman(flags, ['container', 'inspect', shop.container]))
    expect(container.Config.Healthcheck.Test.join(' ')).toContain('/api/health')
    expect(await podman(flags, ['healthcheck', 'run', shop.container]).then(() => 'healthy')).toBe('healthy')
    const order = await placeOrder(shop.url)

    const stopped = performance.now()
    await podman(flags, ['stop', '--time', '30', shop.container])
    const stopSeconds = (performance.now() - stopped) / 1000
    log(`stopped in ${stopSeconds.toFixed(1)} s`)
    expect(stopSeconds).toBeLessThan(10)
    expect(await podman(flags, ['inspect', '--format', '{{.State.ExitCode}}', shop.container])).toBe('0')
    expect(await podman(flags, ['logs', shop.container])).toContain('"signal":"SIGTERM","msg":"shutting down"')

    await podman(flags, ['start', shop.container])
    await waitForHealth(shop.url)
    expect(await findOrder(shop.url, shop.password, order.orderNumber)).toMatchObject({
      orderNumber: order.orderNumber,
    })
    // The admin account is made once: the second start says so instead of printing a new password.
    expect((await podman(flags, ['logs', shop.container])).match(/Admin password: /g)).toHaveLength(1)
  })

  test('an upgrade to this image on the same volume keeps the orders, the photos and the products', async () => {
    const old = await startShop(previous, 'upgrade')
    const order = await placeOrder(old.url)
    const token = await logIn(old.url, old.password)
    const photo = await uploadPhoto(old.url, token)
    const product = await createProduct(old.url, token, photo)
    await podman(flags, ['stop', '--time', '30', old.container])
    await podman(flags, ['rm', old.container])

    const upgraded = await startShop(current, 'upgrade', old.volume)
    expect(await findOrder(upgraded.url, old.password, order.orderNumber)).toMatchObject({
      orderNumber: order.orderNumber,
    })
    const kept = await getJson(`${upgraded.url}/api/products/${product.id}`)
    expect(kept).toMatchObject({ id: product.id, name: product.name, imageUrls: [photo] })
    const image = await fetch(`${upgraded.url}${photo}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\//)
  })
})

// --- Driving a shop in a container ----------------------------------------------------------------------------

interface RunningShop {
  container: string
  volume: string
  url: string
  /** The admin password the first start printed (empty when the volume had a shop already). */
  password: string
}

async function startShop(image: BuiltImage, label: string, volume?: string): Promise<RunningShop> {
  const port = await freePort()
  const container = `shop-image-test-${label}-${process.pid}-${made.containers.size}`
  const data = volume ?? `shop-image-test-${label}-${process.pid}`
  made.containers.add(container)
  made.volumes.add(data)
  await podman(flags, [
    'run',
    '--detach',
    '--name',
    container,
    '--publish',
    `127.0.0.1:${port}:3000`,
    '--volume',
    `${data}:/data`,
    '--env',
    `PUBLIC_URL=http://127.0.0.1:${port}`,
    image.reference,
  ])
  const url = `http://127.0.0.1:${port}`
  await waitForHealth(url, container)
  const logs = await podman(flags, ['logs', container])
  return { container, volume: data, url, password: /Admin password: (\S+) +\(generated/.exec(logs)?.[1] ?? '' }
}

async function waitForHealth(url: string, container?: string): Promise<void> {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    const answer = await fetch(`${url}/api/health`).catch(() => null)
    if (answer?.ok) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const logs = container ? await podman(flags, ['logs', container]).catch(() => '') : ''
  throw new Error(`${url} did not become healthy in 90 s\n${logs.slice(-3000)}`)
}

async function getJson(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  const answer = await fetch(url, init)
  const body = await answer.text()
  if (!answer.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${answer.status} ${body}`)
  return JSON.parse(body)
}

/** An order for the first featured piece, as the spec's client places it. */
async function placeOrder(url: string): Promise<{ orderNumber: string }> {
  const featured = (await getJson(`${url}/api/featured-products`)) as unknown as Array<Record<string, string>>
  const piece = featured.find((product) => Number(product.stock) > 0) ?? featured[0]
  if (!piece) throw new Error('the demo shop has no featured products')
  const body = {
    customerName: 'Ada Image',
    customerEmail: 'ada@example.com',
    customerAddress: '1 Container Lane, Springfield',
    notes: '',
    items: [{ productId: piece.id, name: piece.name, price: piece.price, quantity: 1, sku: piece.sku, imageUrl: '' }],
    total: piece.price,
    orderNumber: `ORD-${Math.floor(Math.random() * 10_000)}`,
  }
  const placed = await getJson(`${url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { orderNumber: String(placed.orderNumber) }
}

async function logIn(url: string, password: string): Promise<string> {
  const answer = await getJson(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  })
  return String(answer.token)
}

async function findOrder(
  url: string,
  password: string,
  orderNumber: string,
): Promise<Record<string, unknown> | undefined> {
  const token = await logIn(url, password)
  const orders = (await getJson(`${url}/api/admin/orders`, {
    headers: { authorization: `Bearer ${token}` },
  })) as unknown as Array<Record<string, unknown>>
  return orders.find((order) => order.orderNumber === orderNumber)
}

async function uploadPhoto(url: string, token: string): Promise<string> {
  const form = new FormData()
  form.append('images', new Blob([png(320, 320)], { type: 'image/png' }), 'cross.png')
  const answer = await getJson(`${url}/api/admin/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  const [photo] = answer.urls as string[]
  if (!photo) throw new Error('the upload answered no url')
  return photo
}

async function createProduct(url: string, token: string, photo: string): Promise<{ id: number; name: string }> {
  const categories = (await getJson(`${url}/api/categories`)) as unknown as Array<{ id: string }>
  const name = `Upgrade Cross ${process.pid}`
  const product = await getJson(`${url}/api/admin/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      description: 'Kept across an upgrade.',
      price: '45.00',
      categoryId: categories[0]?.id,
      imageUrls: [photo],
      sku: `UPG-${process.pid}`,
      stock: 3,
      minStock: 1,
      featured: false,
      active: true,
    }),
  })
  return { id: Number(product.id), name }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** A plain gold square as a PNG: the smallest real photo the upload accepts. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(typed))
    return Buffer.concat([length, typed, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0xc9, 0xa2, 0x4a]))])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
