// The checkout's Country field is free text (spec point 5: "Country is required"); shipping and tax need the ISO
// 3166-1 code. Names are read with the runtime's own list of region names (Intl.DisplayNames), plus the usual
// abbreviations.
const ALIASES: Record<string, string> = {
  USA: 'US',
  'U.S.': 'US',
  'U.S.A.': 'US',
  AMERICA: 'US',
  'UNITED STATES OF AMERICA': 'US',
  UK: 'GB',
  'GREAT BRITAIN': 'GB',
  ENGLAND: 'GB',
  SCOTLAND: 'GB',
  WALES: 'GB',
}

let byName: Map<string, string> | undefined

function namesToCodes(): Map<string, string> {
  if (byName) return byName
  byName = new Map()
  const names = new Intl.DisplayNames(['en'], { type: 'region' })
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b)
      let name: string | undefined
      try {
        // A retired code (DD, the former East Germany) is written as its successor's: keep only current ones.
        if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue
        name = names.of(code)
      } catch {
        name = undefined
      }
      if (name && name !== code && !byName.has(name.toUpperCase())) byName.set(name.toUpperCase(), code)
    }
  }
  return byName
}

/** "US" from "USA", "United States", "us"; undefined when the text names no country. */
export function countryCodeOf(text: string): string | undefined {
  const key = text.trim().toUpperCase()
  if (!key) return undefined
  if (ALIASES[key]) return ALIASES[key]
  const codes = namesToCodes()
  if (/^[A-Z]{2}$/.test(key) && [...codes.values()].includes(key)) return key
  return codes.get(key)
}
