import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** The parts of an OCI layout (image-spec v1.0) read and written here. */
interface Descriptor {
  mediaType: string
  digest: string
  size: number
  annotations?: Record<string, string>
}
interface Index {
  manifests: Descriptor[]
}
interface Manifest {
  config: Descriptor
  layers: Descriptor[]
}

const REF_NAME = 'org.opencontainers.image.ref.name'

function blobPath(layoutDir: string, digest: string): string {
  const [algorithm, hex] = digest.split(':')
  if (algorithm !== 'sha256' || !hex) throw new Error(`unexpected digest ${digest}`)
  return path.join(layoutDir, 'blobs', algorithm, hex)
}

function readBlob<T>(layoutDir: string, digest: string): T {
  return JSON.parse(fs.readFileSync(blobPath(layoutDir, digest), 'utf8')) as T
}

/** Writes a JSON blob under its digest and answers its descriptor fields. */
function writeBlob(layoutDir: string, value: unknown): { digest: string; size: number } {
  const bytes = Buffer.from(JSON.stringify(value))
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`
  fs.writeFileSync(blobPath(layoutDir, digest), bytes)
  return { digest, size: bytes.length }
}

function tagEntry(layoutDir: string, tag: string): { index: Index; entry: Descriptor } {
  const index = JSON.parse(fs.readFileSync(path.join(layoutDir, 'index.json'), 'utf8')) as Index
  const entry = index.manifests.find((manifest) => manifest.annotations?.[REF_NAME] === tag)
  if (!entry) throw new Error(`${layoutDir} has no image tagged ${tag}`)
  return { index, entry }
}

export interface Healthcheck {
  Test: string[]
  /** Nanoseconds, as Docker's image config keeps them. */
  Interval: number
  Timeout: number
  StartPeriod: number
  Retries: number
}

/**
 * Puts a health check into a tagged image's config (the HEALTHCHECK of a Dockerfile): a new config blob, the manifest
 * naming it, and the index naming that manifest. Old blobs are left for `umoci gc`.
 */
export function setHealthcheck(layoutDir: string, tag: string, healthcheck: Healthcheck): void {
  const { index, entry } = tagEntry(layoutDir, tag)
  const manifest = readBlob<Manifest>(layoutDir, entry.digest)
  const config = readBlob<{ config?: Record<string, unknown> }>(layoutDir, manifest.config.digest)
  config.config = { ...config.config, Healthcheck: healthcheck }
  manifest.config = { ...manifest.config, ...writeBlob(layoutDir, config) }
  Object.assign(entry, writeBlob(layoutDir, manifest))
  fs.writeFileSync(path.join(layoutDir, 'index.json'), JSON.stringify(index))
}

/** The compressed size of a tagged image: each layer's, and all with the config. */
export function tagSizes(layoutDir: string, tag: string): { layers: number[]; total: number } {
  const { entry } = tagEntry(layoutDir, tag)
  const manifest = readBlob<Manifest>(layoutDir, entry.digest)
  const layers = manifest.layers.map((layer) => layer.size)
  return { layers, total: layers.reduce((sum, size) => sum + size, manifest.config.size + entry.size) }
}
