import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { create, type Font } from 'fontkit'
import type { PDFDocument } from 'pdf-lib'
import { createPdfLibFontkit } from './pdf-lib-fontkit'

// Font files are resolved by Node from this module, so they are found both from src (tests, tsx) and from the
// esbuild bundle in dist, which keeps npm packages external in node_modules. Nothing is fetched at run time.
const requireFromHere = createRequire(import.meta.url)

// Google's Noto fonts, under the SIL Open Font License 1.1 (LICENSE_FONT in each package), which allows embedding
// them, subset, in documents. Noto Sans covers Latin, Greek and Cyrillic; Hebrew and the symbols a jewelry shop
// writes (crosses, stars of David, hearts, stars) are in separate Noto fonts, used where Noto Sans has no glyph.
const FONT_FILES = {
  sansRegular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  sansBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  serifRegular: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
  hebrewRegular: '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
  hebrewBold: '@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf',
  symbolsRegular: '@expo-google-fonts/noto-sans-symbols/400Regular/NotoSansSymbols_400Regular.ttf',
  symbolsBold: '@expo-google-fonts/noto-sans-symbols/700Bold/NotoSansSymbols_700Bold.ttf',
  // Noto Sans Symbols 2 comes in one weight only.
  symbols2: '@expo-google-fonts/noto-sans-symbols-2/400Regular/NotoSansSymbols2_400Regular.ttf',
} as const

/** One font file, read and parsed once per process. */
export type Typeface = { name: string; bytes: Buffer; font: Font }
/** Typefaces tried in order for each character; the first one also draws the fallback for what none can draw. */
export type TypefaceChain = readonly [Typeface, ...Typeface[]]
export type InvoiceTypefaces = {
  regular: TypefaceChain
  bold: TypefaceChain
  /** The shop's name and the thank-you line. */
  brand: TypefaceChain
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0]
export type InvoiceFonts = {
  typefaces: InvoiceTypefaces
  /** For pdf-lib's registerFontkit: embeds the typefaces, parsed once, as subsets. */
  fontkit: Fontkit
}

let loading: Promise<InvoiceFonts> | undefined

/** The invoice fonts, read from node_modules on first use and kept for the life of the process. */
export function loadInvoiceFonts(): Promise<InvoiceFonts> {
  loading ??= readFonts().catch((error: unknown) => {
    // Let a later invoice try again rather than keep a failure forever.
    loading = undefined
    throw error
  })
  return loading
}

async function readFonts(): Promise<InvoiceFonts> {
  const [sansRegular, sansBold, serifRegular, hebrewRegular, hebrewBold, symbolsRegular, symbolsBold, symbols2] =
    await Promise.all([
      readTypeface(FONT_FILES.sansRegular),
      readTypeface(FONT_FILES.sansBold),
      readTypeface(FONT_FILES.serifRegular),
      readTypeface(FONT_FILES.hebrewRegular),
      readTypeface(FONT_FILES.hebrewBold),
      readTypeface(FONT_FILES.symbolsRegular),
      readTypeface(FONT_FILES.symbolsBold),
      readTypeface(FONT_FILES.symbols2),
    ])
  const all = [sansRegular, sansBold, serifRegular, hebrewRegular, hebrewBold, symbolsRegular, symbolsBold, symbols2]
  return {
    typefaces: {
      regular: [sansRegular, hebrewRegular, symbolsRegular, symbols2],
      bold: [sansBold, hebrewBold, symbolsBold, symbols2],
      brand: [serifRegular, hebrewRegular, symbolsRegular, symbols2],
    },
    fontkit: createPdfLibFontkit(new Map(all.map((face) => [face.bytes, face.font]))),
  }
}

async function readTypeface(file: string): Promise<Typeface> {
  const bytes = await readFile(requireFromHere.resolve(file))
  const font = create(bytes)
  if ('fonts' in font) throw new Error(`${file} is a font collection, not one font`)
  return { name: font.postscriptName, bytes, font }
}
