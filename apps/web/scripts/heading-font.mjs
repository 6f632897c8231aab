// Writes the headings' font (Cormorant Garamond 600, from @fontsource) cut down to what the shop's headings can show:
// the characters of @fontsource's latin subset, without the glyphs only reachable through substitutions (stylistic
// alternates, discretionary ligatures), which the headings never ask for. 23.4 kB of WOFF2 becomes about 15 kB, on
// the line before a phone's first page can answer (docs/decisions/0030). Run before every build (package.json).
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import subsetFont from 'subset-font'

const require = createRequire(import.meta.url)
const SOURCE = require.resolve('@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2')
const TARGET = path.resolve(import.meta.dirname, '../src/styles/generated/heading-font.woff2')

// @fontsource's latin subset: Basic Latin, Latin-1, the punctuation and signs a European text uses.
const RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x131, 0x131],
  [0x152, 0x153],
  [0x2bb, 0x2bc],
  [0x2c6, 0x2c6],
  [0x2da, 0x2da],
  [0x2dc, 0x2dc],
  [0x304, 0x304],
  [0x308, 0x308],
  [0x329, 0x329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
]

const source = fs.readFileSync(SOURCE)
let text = ''
for (const [from, to] of RANGES) for (let code = from; code <= to; code += 1) text += String.fromCodePoint(code)
const font = await subsetFont(source, text, { targetFormat: 'woff2', noLayoutClosure: true })
fs.mkdirSync(path.dirname(TARGET), { recursive: true })
fs.writeFileSync(TARGET, font)
console.log(`heading font: ${source.length} -> ${font.length} bytes (${path.relative(process.cwd(), TARGET)})`)
