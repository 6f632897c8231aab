import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { renditionUrl, uploadFileName } from '@shop/schema/images'
import type { ProcessedImage, Rendition } from './reencode-image'

/** Renditions live in this folder of the uploads directory, served under /uploads/r/. */
export const RENDITIONS_DIR = 'r'

/** Where an upload URL's file is (the URL is one of ours: /uploads/<name> or /uploads/r/<name>). */
export function uploadPath(uploadsDir: string, url: string): string {
  return path.join(uploadsDir, ...url.replace(/^\/uploads\//, '').split('/'))
}

/**
 * Writes a file whole or not at all: a temporary name, then a rename, so that a crash or a second process never
 * leaves a half-written image under its real name (the rebuild trusts any file it finds there).
 */
async function writeWhole(target: string, bytes: Buffer): Promise<void> {
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.tmp`)
  try {
    await fs.writeFile(temporary, bytes, { flag: 'wx' })
    await fs.rename(temporary, target)
  } catch (error) {
    await fs.rm(temporary, { force: true })
    throw error
  }
}

/** Writes the given renditions of the image whose file name (without extension) is `stem`; returns the paths. */
export async function writeRenditions(uploadsDir: string, stem: string, renditions: Rendition[]): Promise<string[]> {
  await fs.mkdir(path.join(uploadsDir, RENDITIONS_DIR), { recursive: true })
  const written: string[] = []
  try {
    for (const rendition of renditions) {
      const target = uploadPath(uploadsDir, renditionUrl(stem, rendition.width, rendition.format))
      await writeWhole(target, rendition.bytes)
      written.push(target)
    }
  } catch (error) {
    await Promise.all(written.map((target) => fs.rm(target, { force: true })))
    throw error
  }
  return written
}

export interface StoredImage {
  url: string
  /** Every file written: the image and its renditions. */
  paths: string[]
}

/**
 * Stores a processed image under its generated name (@shop/schema/images says how it reads), renditions first,
 * so that once the image's own file exists its renditions do too. Writes all of it or, failing, none of it.
 */
export async function storeImage(
  uploadsDir: string,
  uuid: string,
  extension: string,
  image: ProcessedImage,
): Promise<StoredImage> {
  const name = uploadFileName(uuid, image, extension)
  const stem = name.slice(0, -extension.length)
  const paths = await writeRenditions(uploadsDir, stem, image.renditions)
  const target = path.join(uploadsDir, name)
  try {
    await writeWhole(target, image.bytes)
  } catch (error) {
    await Promise.all(paths.map((written) => fs.rm(written, { force: true })))
    throw error
  }
  return { url: `/uploads/${name}`, paths: [...paths, target] }
}

/** Removes stored images again (an upload of several that failed part way). */
export async function removeStored(stored: StoredImage[]): Promise<void> {
  await Promise.all(stored.flatMap((image) => image.paths.map((target) => fs.rm(target, { force: true }))))
}
