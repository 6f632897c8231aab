import bidiFactory from 'bidi-js'
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib'
import type { InvoiceFonts, Typeface, TypefaceChain } from './invoice-fonts'

export type TextStyle = 'regular' | 'bold' | 'brand'

const bidi = bidiFactory()
const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' })
// Printable ASCII, where every character is a grapheme of its own: most of an invoice, and much faster to split.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/
// Joiners, variation selectors, bidi controls, soft hyphens...: they act on other characters and are never drawn.
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu
const LETTER = /^\p{L}/u
// fontkit lays these scripts out left to right; only other text needs asking how it lays it out (see pieceOf).
const LEFT_TO_RIGHT_SCRIPTS =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]*$/u
// pdf-lib places glyphs by their advance widths and ignores the positions fontkit computes: leaving out the
// positioning features (kerning, mark placement) changes nothing on the page and makes drawing faster.
const NO_POSITIONING = { kern: false, mark: false, mkmk: false, dist: false, curs: false }
const FALLBACK = '?'
const ELLIPSIS = '\u2026'
const LEFT_TO_RIGHT_MARK = '\u200e'
const RIGHT_TO_LEFT_MARK = '\u200f'

/** A grapheme as it is drawn: its text (or the fallback), typeface, width at size 1, and place in the line. */
type Cluster = { text: string; face: Typeface; width: number; start: number; end: number }
/** Neighbouring clusters of one typeface and direction, with the text to hand pdf-lib to draw them in place. */
type Piece = { text: string; face: Typeface; width: number }
type PendingLine = { page: PDFPage; pieces: Piece[]; x: number; y: number; size: number; color: Color }
export type LineOptions = { x: number; y: number; style: TextStyle; size: number; color: Color }

/** NFC (so 'e' + combining accent is one drawable 'é'), newlines as '\n', other control characters as spaces. */
export function cleanText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .replace(/\p{Cc}/gu, (char) => (char === '\n' ? char : ' '))
}

/**
 * Measures, wraps and draws the invoice's text in the Unicode fonts: each character in the first typeface of the
 * style's chain that has it, right-to-left text put in visual order by the Unicode Bidirectional Algorithm
 * (bidi-js), and a visible '?' for what no typeface can draw. Measuring and drawing split text the same way, so
 * aligned and wrapped text lands where it was measured.
 *
 * Lines are drawn by drawOnto once the whole invoice is laid out: pdf-lib embeds fonts asynchronously, and this way
 * only the typefaces the invoice uses are embedded (each as a subset of the glyphs it draws).
 */
export class Typesetter {
  private readonly pending: PendingLine[] = []
  private readonly advances = new Map<Typeface, Map<string, number>>()
  // Layout measures the same strings again and again (shrinking amounts, fitting, wrapping): widths at size 1.
  private readonly widths = new Map<string, number>()

  constructor(private readonly fonts: InvoiceFonts) {}

  /** The width of one line of cleaned text, in points. */
  widthOf(text: string, style: TextStyle, size: number): number {
    const key = `${style}:${text}`
    let width = this.widths.get(key)
    if (width === undefined) {
      width = 0
      for (const cluster of this.clustersOf(text, style)) width += cluster.width
      this.widths.set(key, width)
    }
    return width * size
  }

  /** Shortens one line of cleaned text with an ellipsis until it fits. */
  fit(value: string, style: TextStyle, size: number, maxWidth: number, forceEllipsis = false): string {
    const line = value.replace(/\n/g, ' ')
    if (!forceEllipsis && this.widthOf(line, style, size) <= maxWidth) return line
    const parts = Array.from(graphemesOf(line.trimEnd()), ({ segment }) => segment)
    while (parts.length > 0 && this.widthOf(`${parts.join('')}${ELLIPSIS}`, style, size) > maxWidth) {
      parts.pop()
      while (parts.length > 0 && parts.at(-1)?.trim() === '') parts.pop()
    }
    return `${parts.join('')}${ELLIPSIS}`
  }

  /** Word-wraps cleaned text to a width; words wider than the width are broken between graphemes. */
  wrap(value: string, style: TextStyle, size: number, maxWidth: number, maxLines = Infinity): string[] {
    const fits = (text: string) => this.widthOf(text, style, size) <= maxWidth
    const lines: string[] = []
    for (const paragraph of value.split('\n')) {
      const first = lines.length
      let line = ''
      for (const word of paragraph.split(' ').filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word
        if (fits(candidate)) {
          line = candidate
          continue
        }
        if (line) lines.push(line)
        line = word
        while (!fits(line)) {
          const cut = longestFittingPrefix(line, fits)
          lines.push(line.slice(0, cut))
          line = line.slice(cut)
        }
      }
      lines.push(line)
      keepParagraphDirection(paragraph, lines, first)
    }
    while (lines.length > 1 && lines.at(-1) === '') lines.pop()
    if (lines.length <= maxLines) return lines
    const kept = lines.slice(0, maxLines)
    kept[maxLines - 1] = this.fit(kept[maxLines - 1] ?? '', style, size, maxWidth, true)
    return kept
  }

  /** Queues one line of cleaned text, its left end at x, for drawOnto. */
  draw(page: PDFPage, text: string, options: LineOptions): void {
    const clusters = this.clustersOf(text, options.style)
    if (clusters.length === 0) return
    const { x, y, size, color } = options
    this.pending.push({ page, pieces: visualPieces(text, clusters), x, y, size, color })
  }

  /** Embeds the typefaces the queued lines use, as subsets, and draws the lines. */
  async drawOnto(pdf: PDFDocument): Promise<void> {
    pdf.registerFontkit(this.fonts.fontkit)
    const faces = [...new Set(this.pending.flatMap((line) => line.pieces.map((piece) => piece.face)))]
    const embedded = new Map<Typeface, PDFFont>(
      await Promise.all(
        faces.map(async (face, index) => {
          // A subset's name starts with a tag of six capitals and '+' (PDF 32000-1, 9.6.4), which tells readers
          // (and pdffonts) it is a subset; pdf-lib would add a random suffix instead, making output differ per run.
          const customName = `${subsetTag(index)}+${face.name}`
          return [
            face,
            await pdf.embedFont(face.bytes, { subset: true, customName, features: NO_POSITIONING }),
          ] as const
        }),
      ),
    )
    for (const line of this.pending.splice(0)) {
      let x = line.x
      for (const piece of line.pieces) {
        const font = embedded.get(piece.face)
        if (font) line.page.drawText(piece.text, { x, y: line.y, font, size: line.size, color: line.color })
        x += piece.width * line.size
      }
    }
  }

  private clustersOf(line: string, style: TextStyle): Cluster[] {
    const chain = this.fonts.typefaces[style]
    const clusters: Cluster[] = []
    let previous: Typeface | undefined
    for (const { segment, index } of graphemesOf(line)) {
      const visible = segment.replace(INVISIBLE, '')
      if (!visible) continue
      const covering = pickTypeface(visible, chain, previous)
      const face = covering ?? chain[0]
      const text = covering ? visible : FALLBACK
      clusters.push({ text, face, width: this.advanceOf(face, text), start: index, end: index + segment.length })
      previous = face
    }
    return clusters
  }

  /** The advance of a grapheme at size 1, as pdf-lib counts it: the sum of its glyphs' advance widths. */
  private advanceOf(face: Typeface, text: string): number {
    const known = this.advances.get(face) ?? new Map<string, number>()
    this.advances.set(face, known)
    let advance = known.get(text)
    if (advance === undefined) {
      advance = 0
      for (const glyph of face.font.glyphsForString(text)) advance += glyph.advanceWidth
      advance /= face.font.unitsPerEm
      known.set(text, advance)
    }
    return advance
  }
}

function graphemesOf(text: string): Iterable<{ segment: string; index: number }> {
  if (!PRINTABLE_ASCII.test(text)) return GRAPHEMES.segment(text)
  return Array.from(text, (segment, index) => ({ segment, index }))
}

/** The typeface of the chain that draws a grapheme, or undefined when none can. */
function pickTypeface(text: string, chain: TypefaceChain, previous: Typeface | undefined): Typeface | undefined {
  // Spaces, digits, punctuation and marks stay in the typeface of the letters before them, so that a Hebrew name
  // is drawn as one run rather than switching fonts at every space.
  if (previous && !LETTER.test(text) && covers(previous, text)) return previous
  for (const face of chain) if (covers(face, text)) return face
  return undefined
}

function covers(face: Typeface, text: string): boolean {
  for (const char of text) if (!face.font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)) return false
  return true
}

/** Splits a line into pieces in visual order, left to right, and says how pdf-lib must receive each one. */
function visualPieces(line: string, clusters: Cluster[]): Piece[] {
  const embedding = bidi.getEmbeddingLevels(line)
  const { levels } = embedding
  const mirrored = bidi.getMirroredCharactersMap(line, levels)
  const isRtl = (cluster: Cluster) => ((levels[cluster.start] ?? 0) & 1) === 1

  const owner = new Int32Array(line.length).fill(-1)
  for (const [index, cluster] of clusters.entries()) owner.fill(index, cluster.start, cluster.end)
  const visualOrder: number[] = []
  const placed = new Set<number>()
  for (const unit of bidi.getReorderedIndices(line, embedding)) {
    const index = owner[unit] ?? -1
    if (index < 0 || placed.has(index)) continue
    placed.add(index)
    visualOrder.push(index)
  }

  const pieces: Piece[] = []
  let group: Cluster[] = []
  const flush = () => {
    const [head] = group
    if (head) pieces.push(pieceOf(group, isRtl(head), mirrored))
    group = []
  }
  let previous = -1
  for (const index of visualOrder) {
    const cluster = clusters[index]
    if (!cluster) continue
    const last = clusters[previous]
    // A piece holds clusters that follow each other in the text, in one typeface and one direction.
    const continues =
      last !== undefined &&
      last.face === cluster.face &&
      isRtl(last) === isRtl(cluster) &&
      index === previous + (isRtl(last) ? -1 : 1)
    if (!continues) flush()
    group.push(cluster)
    previous = index
  }
  flush()
  return pieces
}

/** One piece from its clusters in visual order. */
function pieceOf(visual: Cluster[], isRtl: boolean, mirrored: Map<number, string>): Piece {
  const [head] = visual
  if (!head) throw new Error('A piece needs at least one cluster')
  const face = head.face
  // Brackets and the like turn around in right-to-left text: '(' reads as ')'.
  const glyphText = (cluster: Cluster) => {
    const mirror = isRtl ? mirrored.get(cluster.start) : undefined
    return mirror && face.font.hasGlyphForCodePoint(mirror.codePointAt(0) ?? 0) ? mirror : cluster.text
  }
  const visualTexts = visual.map(glyphText)
  const visualText = visualTexts.join('')
  // pdf-lib draws glyphs in the order fontkit lays them out, and fontkit reverses text in a right-to-left script
  // (Hebrew) by itself: such text is handed over reversed, so that it comes out in visual order.
  const fontkitReverses =
    !LEFT_TO_RIGHT_SCRIPTS.test(visualText) && face.font.layout(visualText, NO_POSITIONING).direction === 'rtl'
  const text = fontkitReverses ? visualTexts.reverse().join('') : visualText
  return { text, face, width: visual.reduce((sum, cluster) => sum + cluster.width, 0) }
}

/** The longest start of a line that fits, cut between graphemes, and never empty. */
function longestFittingPrefix(line: string, fits: (text: string) => boolean): number {
  let cut = 0
  for (const { segment, index } of graphemesOf(line)) {
    const end = index + segment.length
    if (cut > 0 && !fits(line.slice(0, end))) break
    cut = end
  }
  return cut
}

/**
 * Each line gets the direction of its whole paragraph: a wrapped line of a Hebrew paragraph that starts with a
 * Latin word is still laid out right to left. A line whose first strong character says otherwise starts with an
 * invisible direction mark.
 */
function keepParagraphDirection(paragraph: string, lines: string[], first: number): void {
  const direction = baseLevel(paragraph)
  for (let index = first; index < lines.length; index++) {
    const line = lines[index]
    if (!line || baseLevel(line) === direction) continue
    lines[index] = `${direction === 1 ? RIGHT_TO_LEFT_MARK : LEFT_TO_RIGHT_MARK}${line}`
  }
}

function baseLevel(text: string): number {
  return bidi.getEmbeddingLevels(text).paragraphs[0]?.level ?? 0
}

function subsetTag(index: number): string {
  let tag = ''
  for (let rest = index, place = 0; place < 6; place++, rest = Math.floor(rest / 26)) {
    tag = String.fromCharCode(65 + (rest % 26)) + tag
  }
  return tag
}
