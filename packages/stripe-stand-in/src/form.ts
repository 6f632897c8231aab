import { invalidRequest } from './errors'

/**
 * Stripe's v1 API takes `application/x-www-form-urlencoded` bodies (and query strings) whose keys nest with
 * brackets: `line_items[0][price_data][unit_amount]=2500`, `metadata[order]=A-1`, `expand[]=payment_intent`.
 * Every leaf is a string; numbered keys make a list, named keys make a hash.
 */
export type FormValue = string | FormValue[] | FormHash
export interface FormHash {
  [key: string]: FormValue
}

interface Draft {
  [key: string]: DraftValue
}
type DraftValue = string | Draft | DraftValue[]

/** Splits `a[b][0][]` into `['a', 'b', '0', '']`; `null` when the brackets do not close properly. */
function keyPath(key: string): string[] | null {
  const open = key.indexOf('[')
  if (open === -1) return [key]
  const parts = [key.slice(0, open)]
  let rest = key.slice(open)
  while (rest.length > 0) {
    const match = /^\[([^[\]]*)\]/.exec(rest)
    if (!match) return null
    parts.push(match[1] ?? '')
    rest = rest.slice(match[0].length)
  }
  return parts
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

function describe(path: string[]): string {
  const [head, ...tail] = path
  return `${head}${tail.map((part) => `[${part}]`).join('')}`
}

/** Parses a form-encoded body into nested hashes and lists. Throws a Stripe-shaped 400 on a malformed key. */
export function parseForm(body: string): FormHash {
  const root: Draft = {}
  if (body.trim() === '') return root
  for (const pair of body.split('&')) {
    if (pair === '') continue
    const eq = pair.indexOf('=')
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq))
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1))
    const path = keyPath(rawKey)
    if (!path || path[0] === '') throw invalidRequest(`Invalid parameter name: ${rawKey}`, { param: rawKey })
    let node: Draft | DraftValue[] = root
    for (let i = 0; i < path.length; i++) {
      const part = path[i] as string
      const last = i === path.length - 1
      if (Array.isArray(node)) {
        // `[]` appends; a list is only ever built by `[]` keys, so a named part here is a clash.
        if (part !== '') throw invalidRequest(`Invalid array: ${describe(path.slice(0, i))}`, { param: rawKey })
        if (last) {
          node.push(value)
          break
        }
        const child: Draft = {}
        node.push(child)
        node = child
        continue
      }
      const existing: DraftValue | undefined = Object.hasOwn(node, part) ? node[part] : undefined
      if (last) {
        if (existing !== undefined && typeof existing !== 'string') {
          throw invalidRequest(`Invalid hash: ${describe(path.slice(0, i + 1))}`, { param: rawKey })
        }
        node[part] = value
        break
      }
      const nextIsAppend = path[i + 1] === ''
      if (existing === undefined) {
        const child: Draft | DraftValue[] = nextIsAppend ? [] : {}
        node[part] = child
        node = child
      } else if (typeof existing === 'string' || Array.isArray(existing) !== nextIsAppend) {
        throw invalidRequest(`Invalid ${nextIsAppend ? 'array' : 'hash'}: ${describe(path.slice(0, i + 1))}`, {
          param: rawKey,
        })
      } else {
        node = existing
      }
    }
  }
  return finish(root) as FormHash
}

/** Turns hashes whose keys are all indexes (`0`, `1`, ...) into lists, ordered by index. */
function finish(value: DraftValue): FormValue {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(finish)
  const keys = Object.keys(value)
  if (keys.length > 0 && keys.every((key) => /^(0|[1-9]\d{0,5})$/.test(key))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => finish(value[String(index)] as DraftValue))
  }
  const out: FormHash = {}
  for (const key of keys) out[key] = finish(value[key] as DraftValue)
  return out
}
