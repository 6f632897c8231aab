import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The text of a PDF, as poppler's pdftotext reads it, with runs of spaces made one. */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-pdf-'))
  try {
    const file = join(dir, 'document.pdf')
    writeFileSync(file, bytes)
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
