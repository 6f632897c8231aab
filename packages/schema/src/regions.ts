import { iso31662 } from 'iso-3166/2.js'

/**
 * Countries and their states as an address names them. Tax rates and shipping zones are keyed by ISO codes (the
 * country's ISO 3166-1 code, a state's ISO 3166-2 code without the country part: "CA" of "US-CA"), so the state an
 * order names must be one the country has: an unknown one would otherwise fall back to the country's rate. The
 * subdivisions are the iso-3166 package's list (every country, not only the ones the shop ships to today: the owner
 * may add a zone for any country at any time).
 */

// The checkout's Country field is free text (2 characters at least: "Country is required"); shipping and tax need the
// ISO 3166-1 code. Names are read with the runtime's own list of region names (Intl.DisplayNames), plus the usual
// abbreviations.
const COUNTRY_ALIASES: Record<string, string> = {
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

let countriesByName: Map<string, string> | undefined

function countryNamesToCodes(): Map<string, string> {
  if (countriesByName) return countriesByName
  countriesByName = new Map()
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
      if (name && name !== code && !countriesByName.has(name.toUpperCase()))
        countriesByName.set(name.toUpperCase(), code)
    }
  }
  return countriesByName
}

/** "US" from "USA", "United States", "us"; undefined when the text names no country. */
export function countryCodeOf(text: string): string | undefined {
  const key = text.trim().toUpperCase()
  if (!key) return undefined
  if (COUNTRY_ALIASES[key]) return COUNTRY_ALIASES[key]
  const codes = countryNamesToCodes()
  if (/^[A-Z]{2}$/.test(key) && [...codes.values()].includes(key)) return key
  return codes.get(key)
}

interface Subdivisions {
  /** The codes without the country part, in the standard's order ("AK", "AL", ...). */
  codes: Set<string>
  /** A name without accents, in capitals -> its code; a name two subdivisions share is left out (ambiguous). */
  byName: Map<string, string>
}

let subdivisionsByCountry: Map<string, Subdivisions> | undefined

// Mail to US forces abroad (APO/FPO) names one of these in the state field of a US address. They are the US postal
// service's codes, not ISO 3166-2 subdivisions, but such an address is a real US one and must not be refused.
const US_ARMED_FORCES = [
  { code: 'US-AA', name: 'Armed Forces Americas' },
  { code: 'US-AE', name: 'Armed Forces Europe' },
  { code: 'US-AP', name: 'Armed Forces Pacific' },
]

/** "Québec", "quebec" and "QUEBEC" read alike. */
function nameKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toUpperCase()
}

function subdivisionsOf(country: string): Subdivisions | undefined {
  if (!subdivisionsByCountry) {
    subdivisionsByCountry = new Map()
    const ambiguous = new Set<string>()
    for (const entry of [...iso31662, ...US_ARMED_FORCES]) {
      const dash = entry.code.indexOf('-')
      const of = entry.code.slice(0, dash)
      let list = subdivisionsByCountry.get(of)
      if (!list) {
        list = { codes: new Set(), byName: new Map() }
        subdivisionsByCountry.set(of, list)
      }
      const code = entry.code.slice(dash + 1)
      list.codes.add(code)
      const key = nameKey(entry.name)
      if (list.byName.has(key)) ambiguous.add(`${of}|${key}`)
      else list.byName.set(key, code)
    }
    for (const pair of ambiguous) {
      const [of = '', key = ''] = pair.split('|')
      subdivisionsByCountry.get(of)?.byName.delete(key)
    }
  }
  return subdivisionsByCountry.get(country.trim().toUpperCase())
}

/**
 * The state of `country` that `region` names, as the shop keeps it: the ISO 3166-2 code without the country part,
 * in capitals ("CA" for "ca", "US-CA" or "California"). Undefined when the country has subdivisions and the text
 * names none of them. A country the standard lists no subdivisions for takes any text, trimmed and in capitals.
 */
export function regionCodeOf(country: string, region: string): string | undefined {
  const text = region.trim().toUpperCase()
  const list = subdivisionsOf(country)
  if (!list) return text || undefined
  const prefix = `${country.trim().toUpperCase()}-`
  const code = text.startsWith(prefix) ? text.slice(prefix.length) : text
  if (list.codes.has(code)) return code
  return list.byName.get(nameKey(region))
}

/**
 * Why `region` is refused for `country` ("State \"ZZ\" is not a state or region of US: ..."), or undefined when it
 * names one of the country's states. `label` names the field as the person filling it in sees it.
 */
export function regionProblem(country: string, region: string, label = 'Region'): string | undefined {
  if (regionCodeOf(country, region) !== undefined) return undefined
  const code = country.trim().toUpperCase()
  const [example] = subdivisionsOf(code)?.codes ?? []
  return `${label} "${region.trim()}" is not a state or region of ${code}: use its ISO 3166-2 code${example ? ` (such as ${example})` : ''} or its name`
}
