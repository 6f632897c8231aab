// Rules of typed text without zod, so the storefront's first load can apply them (display.ts is the same).

// Embeddings, overrides and isolates reorder how the text around them is displayed, so a name or a note could
// show something other than what it holds (the "Trojan Source" trick, CVE-2021-42574).
export const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u

// Characters that take no room of their own: control and format characters (zero-width spaces and joiners,
// direction marks, word joiner, BOM, soft hyphen), combining marks (they belong to the letter before them) and the
// other default-ignorable code points (Hangul fillers, variation selectors).
const ZERO_WIDTH = /[\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}]/gu
// Blank room: whitespace, and the blank Braille pattern, a favourite for names that look empty.
const BLANKS = /[\p{White_Space}\u2800]+/gu

/**
 * How many characters of the text a reader sees: zero-width characters and combining marks count for nothing,
 * a run of blanks between words counts once, blanks at either end not at all. So neither zero-width padding nor
 * stacked marks make a short text long enough, while "Gold ring!" is still 10 characters.
 */
export function countVisibleCharacters(text: string): number {
  // Blanks first: a tab or a line break is a control character too, but it separates words like a space.
  const readable = text.replace(BLANKS, ' ').replace(ZERO_WIDTH, '').replace(BLANKS, ' ').trim()
  let count = 0
  for (const _ of readable) count += 1
  return count
}

// Made on first use: a segmenter loads the runtime's break rules, 30 to 140 ms of a slowed phone's main thread, and
// every page imports this module while only a personalisation field ever segments text.
let graphemeSegmenter: Intl.Segmenter | undefined

/** The characters of a text as a reader counts them: "José" is 4 whether its é is one code point or two. */
export function graphemesOf(text: string): string[] {
  if (text === '') return []
  graphemeSegmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' })
  return Array.from(graphemeSegmenter.segment(text), (part) => part.segment)
}

// Line breaks and other control characters cannot be engraved; direction controls would make the text read in a
// different order than it was typed (Hebrew needs none: its letters carry their direction).
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u
const DIRECTION_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u

/** A personalisation value counts as given when it shows something. */
export function isPersonalizationGiven(value: string | undefined): value is string {
  return value !== undefined && countVisibleCharacters(value) > 0
}

/**
 * The one check of a buyer's personalisation, on the product page and on the server: the message to show, or
 * null when `value` may be stored (exactly as typed). An empty optional field is fine.
 */
export function personalizationError(
  field: { label: string; maxLength: number; required: boolean; allowedCharacters: string | null },
  value: string | undefined,
): string | null {
  if (!isPersonalizationGiven(value)) return field.required ? `${field.label} is required` : null
  if (CONTROL_CHARACTER.test(value)) return `${field.label} must be on one line, without control characters`
  if (DIRECTION_CONTROL.test(value)) return `${field.label} must not contain bidirectional control characters`
  const characters = graphemesOf(value)
  if (characters.length > field.maxLength) {
    return `${field.label} must be at most ${field.maxLength} characters`
  }
  if (field.allowedCharacters) {
    const allowed = new Set(graphemesOf(field.allowedCharacters.normalize('NFC')))
    allowed.add(' ')
    const refused = characters.find((character) => !allowed.has(character.normalize('NFC')))
    if (refused !== undefined) return `${field.label} cannot contain '${refused}'`
  }
  return null
}
