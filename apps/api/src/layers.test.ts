import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The direction inside the API (docs/architecture.md): Biome refuses a feature import in lib/ and trpc/; this reads
// every import between feature folders and refuses two features that import each other.
const SRC = import.meta.dirname
const FEATURES = path.join(SRC, 'features')
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** The feature folder a path is in, or undefined outside features/. */
function featureOf(file: string): string | undefined {
  const relative = path.relative(FEATURES, file)
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0]
}

/** Each feature with the features it imports, and the file that does it. */
function featureImports(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>()
  for (const file of sourceFiles(FEATURES)) {
    const from = featureOf(file)
    if (!from) continue
    for (const [, specifier = ''] of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const to = featureOf(path.resolve(path.dirname(file), specifier))
      if (!to || to === from) continue
      const targets = edges.get(from) ?? new Map<string, string>()
      targets.set(to, path.relative(SRC, file))
      edges.set(from, targets)
    }
  }
  return edges
}

describe('the API features', () => {
  it('are read from the source (the scan finds the imports it should)', () => {
    // orders prices with money's rules: an import that must be seen, or the scan reads nothing.
    expect(featureImports().get('orders')?.has('money')).toBe(true)
  })

  it('never import each other both ways', () => {
    const edges = featureImports()
    const both: string[] = []
    for (const [from, targets] of edges) {
      for (const [to, file] of targets) {
        const back = edges.get(to)?.get(from)
        if (back && from < to) both.push(`${from} <-> ${to} (${file}; ${back})`)
      }
    }
    expect(both).toEqual([])
  })
})
