import { emptyParam, invalidRequest, missingParam, unknownParam } from './errors'
import type { FormHash, FormValue } from './form'

/** Stripe's limits on metadata: 50 keys, keys up to 40 characters, values up to 500. */
const METADATA_MAX_KEYS = 50
const METADATA_KEY_MAX = 40
const METADATA_VALUE_MAX = 500

export type Metadata = Record<string, string>

/**
 * Reads the parameters of one hash (the body, or a nested hash such as `line_items[0]`), naming each parameter the
 * way Stripe does in its errors (`line_items[0][price_data][currency]`). Every key read is marked; `done()` refuses
 * the keys nobody read, as Stripe refuses unknown parameters.
 */
export class ParamReader {
  private readonly seen = new Set<string>()

  constructor(
    private readonly hash: FormHash,
    private readonly prefix = '',
  ) {}

  /** The name of this hash itself (`line_items[0]`); empty for the body. */
  get path(): string {
    return this.prefix
  }

  name(key: string): string {
    return this.prefix === '' ? key : `${this.prefix}[${key}]`
  }

  has(key: string): boolean {
    return Object.hasOwn(this.hash, key)
  }

  private raw(key: string): FormValue | undefined {
    this.seen.add(key)
    return Object.hasOwn(this.hash, key) ? this.hash[key] : undefined
  }

  /** A string; an empty string counts as absent unless the parameter is required. */
  string(key: string, options: { required?: boolean; max?: number } = {}): string | undefined {
    const value = this.raw(key)
    if (value === undefined) {
      if (options.required) throw missingParam(this.name(key))
      return undefined
    }
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${this.name(key)}`, { param: this.name(key) })
    if (value === '') {
      if (options.required) throw emptyParam(this.name(key))
      return undefined
    }
    if (options.max !== undefined && value.length > options.max) {
      throw invalidRequest(
        `Invalid string: ${this.name(key)} must be at most ${options.max} characters long, but it is ${value.length}.`,
        { param: this.name(key), code: 'string_length_too_long' },
      )
    }
    return value
  }

  /** One of a fixed set of strings. */
  choice<T extends string>(key: string, allowed: readonly T[], options: { required?: boolean } = {}): T | undefined {
    const value = this.string(key, options)
    if (value === undefined) return undefined
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`, {
        param: this.name(key),
      })
    }
    return value as T
  }

  /** A whole number written in plain digits, within `min` and `max`. */
  integer(key: string, options: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const text = this.string(key, { required: options.required })
    if (text === undefined) return undefined
    const param = this.name(key)
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      throw invalidRequest(`Invalid integer: ${text}`, { param, code: 'parameter_invalid_integer' })
    }
    const value = Number(text)
    if (options.min !== undefined && value < options.min) {
      throw invalidRequest(`This value must be greater than or equal to ${options.min}.`, { param })
    }
    if (options.max !== undefined && value > options.max) {
      throw invalidRequest(`This value must be less than or equal to ${options.max}.`, { param })
    }
    return value
  }

  /** A nested hash, read with its own reader. */
  hashOf(key: string, options: { required?: boolean } = {}): ParamReader | undefined {
    const value = this.raw(key)
    if (value === undefined || value === '') {
      if (options.required) throw missingParam(this.name(key))
      return undefined
    }
    if (typeof value === 'string' || Array.isArray(value)) {
      throw invalidRequest(`Invalid hash: ${this.name(key)}`, { param: this.name(key) })
    }
    return new ParamReader(value, this.name(key))
  }

  /** A list of hashes, each read with its own reader. */
  listOfHashes(key: string, options: { required?: boolean; max?: number } = {}): ParamReader[] | undefined {
    const value = this.raw(key)
    if (value === undefined || value === '') {
      if (options.required) throw missingParam(this.name(key))
      return undefined
    }
    if (!Array.isArray(value)) throw invalidRequest(`Invalid array: ${this.name(key)}`, { param: this.name(key) })
    if (options.max !== undefined && value.length > options.max) {
      throw invalidRequest(
        `${this.name(key)} can have at most ${options.max} entries, but ${value.length} were given.`,
        {
          param: this.name(key),
        },
      )
    }
    return value.map((entry, index) => {
      const name = `${this.name(key)}[${index}]`
      if (typeof entry === 'string' || Array.isArray(entry))
        throw invalidRequest(`Invalid hash: ${name}`, { param: name })
      return new ParamReader(entry, name)
    })
  }

  /** A list of strings (`expand[]=a&expand[]=b` or `expand[0]=a`). */
  listOfStrings(key: string): string[] | undefined {
    const value = this.raw(key)
    if (value === undefined || value === '') return undefined
    if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) {
      throw invalidRequest(`Invalid array: ${this.name(key)}`, { param: this.name(key) })
    }
    return value as string[]
  }

  /** `metadata[key]=value` pairs with Stripe's limits; an empty value leaves the key out. */
  metadata(key = 'metadata'): Metadata {
    const value = this.raw(key)
    const param = this.name(key)
    if (value === undefined || value === '') return {}
    if (typeof value === 'string' || Array.isArray(value)) throw invalidRequest(`Invalid hash: ${param}`, { param })
    const out: Metadata = {}
    const entries = Object.entries(value)
    if (entries.length > METADATA_MAX_KEYS) {
      throw invalidRequest(`You can have at most ${METADATA_MAX_KEYS} metadata keys (you passed ${entries.length}).`, {
        param,
      })
    }
    for (const [name, entry] of entries) {
      const entryParam = `${param}[${name}]`
      if (typeof entry !== 'string') throw invalidRequest(`Invalid string: ${entryParam}`, { param: entryParam })
      if (name.length > METADATA_KEY_MAX) {
        throw invalidRequest(
          `Metadata keys can have up to ${METADATA_KEY_MAX} characters, but you passed in a key that is ${name.length} characters: '${name}'.`,
          { param: entryParam },
        )
      }
      if (entry.length > METADATA_VALUE_MAX) {
        throw invalidRequest(
          `Metadata values can have up to ${METADATA_VALUE_MAX} characters, but you passed in a value that is ${entry.length} characters.`,
          { param: entryParam },
        )
      }
      if (entry !== '') out[name] = entry
    }
    return out
  }

  /** Refuses every key that no read asked for. */
  done(): void {
    for (const key of Object.keys(this.hash)) {
      if (!this.seen.has(key)) throw unknownParam(this.name(key))
    }
  }
}
