import { create, type Font } from 'fontkit'
import type { PDFDocument } from 'pdf-lib'

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0]
type PdfLibFont = ReturnType<PdfLibFontkit['create']>
type PdfLibSubset = ReturnType<PdfLibFont['createSubset']>
type PdfLibGlyph = ReturnType<PdfLibFont['getGlyph']>
/** The members whose declared glyph types differ between pdf-lib's declarations and fontkit 2's (see create). */
type GlyphMembers = 'glyphForCodePoint' | 'glyphsForString' | 'layout' | 'getGlyph'

// fontkit exposes every table of a font under its tag; @types/fontkit declares only some of them.
declare module 'fontkit' {
  interface Font {
    head: { macStyle: { italic: boolean } }
    post: { isFixedPitch: boolean }
  }
}

/**
 * A fontkit for pdf-lib 1.17 that embeds the given fonts, parsed once, with upstream fontkit 2.
 *
 * pdf-lib's own fork, @pdf-lib/fontkit 1.1, writes broken TrueType subsets: it stores the `loca` table in the short
 * format without padding odd-length glyphs, so most glyphs of Noto Sans render blank while pdftotext still reads
 * the text (fixed upstream in fontkit 1.8, foliojs/fontkit#191; see Hopding/pdf-lib#1232). fontkit 2 subsets
 * correctly, but pdf-lib 1.17 is typed for, and talks to, the older API: this adapter bridges the two.
 */
export function createPdfLibFontkit(fonts: ReadonlyMap<Buffer, Font>): PdfLibFontkit {
  const adapted = new Map<Uint8Array, PdfLibFontAdapter>()
  for (const [bytes, font] of fonts) {
    // Subsets are cut from a second copy of each font. Encoding a subset loads the parts of composite glyphs (the
    // 'u' of 'ü') without their characters, and fontkit caches a glyph as first loaded: on the copy that lays out
    // text, a later invoice's 'u' would then lose its character, which readers need to extract or search the text.
    const subsetSource = create(bytes)
    if ('fonts' in subsetSource) throw new Error('A font collection cannot be embedded')
    adapted.set(bytes, new PdfLibFontAdapter(font, subsetSource))
  }
  return {
    create: (bytes) => {
      const font = adapted.get(bytes)
      if (!font) throw new Error('Only the invoice fonts loaded at start can be embedded')
      // pdf-lib declares its Glyph after fontkit 1, with a getImageForSize that only bitmap (sbix) glyphs had and
      // that pdf-lib never calls; fontkit 2's glyphs carry everything pdf-lib reads (id, codePoints, advanceWidth).
      // Every other member is checked against pdf-lib's declarations by the adapter's `implements`.
      return font as unknown as PdfLibFont
    },
  }
}

class PdfLibFontAdapter implements Omit<PdfLibFont, GlyphMembers> {
  // The invoice fonts are TrueType (glyf) fonts: pdf-lib embeds them as CIDFontType2, never as CFF.
  readonly cff = undefined

  constructor(
    private readonly font: Font,
    private readonly subsetSource: Font,
  ) {}

  get postscriptName() {
    return this.font.postscriptName
  }
  get fullName() {
    return this.font.fullName
  }
  get familyName() {
    return this.font.familyName
  }
  get subfamilyName() {
    return this.font.subfamilyName
  }
  get copyright() {
    return this.font.copyright
  }
  get version() {
    return String(this.font.version)
  }
  get unitsPerEm() {
    return this.font.unitsPerEm
  }
  get ascent() {
    return this.font.ascent
  }
  get descent() {
    return this.font.descent
  }
  get lineGap() {
    return this.font.lineGap
  }
  get underlinePosition() {
    return this.font.underlinePosition
  }
  get underlineThickness() {
    return this.font.underlineThickness
  }
  get italicAngle() {
    return this.font.italicAngle
  }
  get capHeight() {
    return this.font.capHeight
  }
  get xHeight() {
    return this.font.xHeight
  }
  get bbox() {
    return this.font.bbox
  }
  get numGlyphs() {
    return this.font.numGlyphs
  }
  get characterSet() {
    return this.font.characterSet
  }
  get availableFeatures() {
    return this.font.availableFeatures
  }
  get 'OS/2'() {
    return this.font['OS/2']
  }
  get head() {
    return this.font.head
  }
  get post() {
    return this.font.post
  }

  glyphForCodePoint(codePoint: number) {
    return this.font.glyphForCodePoint(codePoint)
  }
  hasGlyphForCodePoint(codePoint: number) {
    return this.font.hasGlyphForCodePoint(codePoint)
  }
  glyphsForString(text: string) {
    return this.font.glyphsForString(text)
  }
  widthOfGlyph(glyphId: number) {
    return this.font.widthOfGlyph(glyphId)
  }
  layout(text: string, features?: Record<string, boolean>) {
    return this.font.layout(text, features)
  }
  getGlyph(glyphId: number, codePoints?: number[]) {
    return this.font.getGlyph(glyphId, codePoints)
  }

  createSubset(): PdfLibSubset {
    const source = this.subsetSource
    const subset = source.createSubset()
    return {
      includeGlyph: (glyph: number | PdfLibGlyph) => {
        // fontkit 2 returns the glyph's id in the subset, whatever @types/fontkit says.
        const id: unknown = subset.includeGlyph(source.getGlyph(typeof glyph === 'number' ? glyph : glyph.id))
        if (typeof id !== 'number') throw new Error('fontkit did not return a subset glyph id')
        return id
      },
      // fontkit 2 encodes a subset in one call, where pdf-lib listens to fontkit 1's stream of chunks.
      encodeStream: () => {
        const bytes = subset.encode()
        const stream = {
          on: (event: 'data' | 'end', callback: (data: Uint8Array) => unknown) => {
            if (event === 'data') callback(bytes)
            else if (event === 'end') callback(new Uint8Array())
            return stream
          },
        }
        return stream
      },
    }
  }
}
