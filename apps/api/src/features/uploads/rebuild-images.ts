import fs from 'node:fs/promises'
import path from 'node:path'
import type { Db } from '@shop/db/client'
import { type ReplacedImageUrls, replaceImageUrls } from '@shop/db/image-urls'
import { parseUploadImage, RENDITION_FORMATS, renditionUrl } from '@shop/schema/images'
import type { UploadMimeType } from '@shop/schema/uploads'
import type { FastifyInstance } from 'fastify'
import { detectImageType, IMAGE_EXTENSIONS } from './image-type'
import { processImage, type Rendition, renditionsOfStored } from './reencode-image'
import { storeImage, uploadPath, writeRenditions } from './store-image'

/**
 * Brings the uploads directory to the current naming (@shop/schema/images), for `pnpm images:rebuild` and for
 * every server start (in the background):
 * - an upload of the old form `{uuid}.{ext}` is processed again and stored under its new name (same uuid), with
 *   its renditions; the old file stays, as orders and sent mails link to it; the catalogue's references to the
 *   old URL are rewritten to the new one, in one transaction;
 * - an upload of the new form that lacks a rendition (stored by a process that stopped part way) gets it.
 * Running it again finds everything done and changes nothing. Several processes running it at once only redo
 * each other's work: files are written whole under their final names, and the rewrites are idempotent.
 */
const LEGACY_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.(?:jpg|png|webp|gif))$/

export interface RebuildReport {
  /** Old-form uploads now also stored under their new name (this run). */
  converted: number
  /** Renditions written: those of the converted uploads, and those that uploads of the current form lacked. */
  renditionsWritten: number
  /** Files that could not be read as images (left alone), by name. */
  unreadable: string[]
  /** Rows whose image URL now names the new file. */
  rewritten: ReplacedImageUrls
}

export interface RebuildOptions {
  db: Db
  uploadsDir: string
  log: { info: (message: string) => void; warn: (message: string) => void }
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true })
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  )
}

function typeOfExtension(extension: string): UploadMimeType | undefined {
  const entry = Object.entries(IMAGE_EXTENSIONS).find(([, ext]) => ext === extension)
  return entry?.[0] as UploadMimeType | undefined
}

export async function rebuildImages({ db, uploadsDir, log }: RebuildOptions): Promise<RebuildReport> {
  const names = await listFiles(uploadsDir)
  const report: RebuildReport = {
    converted: 0,
    renditionsWritten: 0,
    unreadable: [],
    rewritten: { productImages: 0, variants: 0, categories: 0, testimonials: 0 },
  }
  const replacements = new Map<string, string>()

  for (const name of names) {
    const legacy = LEGACY_NAME.exec(name)
    if (!legacy) continue
    const [, uuid = '', extension = ''] = legacy
    // Converted before: the new name starts with the same uuid and has the same extension.
    const done = names.find((other) => other !== name && other.startsWith(`${uuid}_`) && other.endsWith(extension))
    if (done && parseUploadImage(`/uploads/${done}`)) {
      replacements.set(`/uploads/${name}`, `/uploads/${done}`)
      continue
    }
    const bytes = await fs.readFile(path.join(uploadsDir, name))
    const type = detectImageType(bytes.subarray(0, 16))
    if (!type || type !== typeOfExtension(extension)) {
      report.unreadable.push(name)
      continue
    }
    try {
      const processed = await processImage(bytes, type)
      const stored = await storeImage(uploadsDir, uuid, extension, processed)
      replacements.set(`/uploads/${name}`, stored.url)
      names.push(path.basename(stored.url))
      report.converted += 1
      report.renditionsWritten += processed.renditions.length
    } catch (error) {
      log.warn(`images: could not convert ${name}: ${error instanceof Error ? error.message : String(error)}`)
      report.unreadable.push(name)
    }
  }

  for (const name of names) {
    const image = parseUploadImage(`/uploads/${name}`)
    if (!image || image.renditionWidths.length === 0) continue
    const missing: Array<Pick<Rendition, 'width' | 'format'>> = []
    for (const width of image.renditionWidths) {
      for (const format of RENDITION_FORMATS) {
        if (!(await exists(uploadPath(uploadsDir, renditionUrl(image.stem, width, format))))) {
          missing.push({ width, format })
        }
      }
    }
    if (missing.length === 0) continue
    try {
      const all = await renditionsOfStored(await fs.readFile(path.join(uploadsDir, name)))
      const wanted = all.filter((rendition) =>
        missing.some((gap) => gap.width === rendition.width && gap.format === rendition.format),
      )
      await writeRenditions(uploadsDir, image.stem, wanted)
      report.renditionsWritten += wanted.length
    } catch (error) {
      log.warn(
        `images: could not make the renditions of ${name}: ${error instanceof Error ? error.message : String(error)}`,
      )
      report.unreadable.push(name)
    }
  }

  report.rewritten = await replaceImageUrls(db, replacements)
  return report
}

/** Whether the rebuild changed what the catalogue names (its caches must then be emptied). */
export function rewroteReferences(report: RebuildReport): boolean {
  return Object.values(report.rewritten).some((rows) => rows > 0)
}

/** One line for the log or the terminal. */
export function describeRebuild(report: RebuildReport): string {
  const { productImages, variants, categories, testimonials } = report.rewritten
  const parts = [
    `${report.converted} old-named upload(s) stored under their new names`,
    `${report.renditionsWritten} rendition(s) written`,
    `image URLs rewritten in ${productImages} product image(s), ${variants} variant(s), ${categories} categor(ies), ${testimonials} testimonial(s)`,
  ]
  if (report.unreadable.length > 0) parts.push(`left alone (not readable as images): ${report.unreadable.join(', ')}`)
  return `images: ${parts.join('; ')}`
}

/**
 * The rebuild as the server runs it on start: in the background (listening does not wait), logging what it did,
 * and emptying the catalogue caches of every process when it rewrote references.
 */
export function rebuildImagesInBackground(app: FastifyInstance): void {
  const log = app.log.child({ task: 'images' })
  app.deps.background.run('images rebuild', async () => {
    const report = await rebuildImages({
      db: app.deps.db,
      uploadsDir: app.deps.config.uploadsDir,
      log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
    })
    if (rewroteReferences(report)) await app.catalogCache.publishChange()
    const didSomething = report.converted > 0 || report.renditionsWritten > 0 || rewroteReferences(report)
    if (didSomething || report.unreadable.length > 0) log.info(describeRebuild(report))
    else log.debug('images: every upload has its current name and renditions')
  })
}
