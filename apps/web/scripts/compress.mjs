// Writes brotli and gzip copies of the built text assets next to them; the API serves them with
// @fastify/static's preCompressed option, so compression costs nothing per request.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const DIST = path.resolve(import.meta.dirname, '../dist')
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/
const MIN_BYTES = 1024

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else yield full
  }
}

let count = 0
for (const file of files(DIST)) {
  if (!COMPRESSIBLE.test(file)) continue
  const bytes = fs.readFileSync(file)
  if (bytes.length < MIN_BYTES) continue
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }))
  count += 1
}
console.log(`compressed ${count} files in ${path.relative(process.cwd(), DIST)}`)
