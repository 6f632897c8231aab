import type { AnyRouter } from '@trpc/server'

interface ZodDefLike {
  type?: string
  coerce?: boolean
  shape?: Record<string, unknown>
  element?: unknown
  innerType?: unknown
  in?: unknown
  out?: unknown
  options?: unknown[]
  left?: unknown
  right?: unknown
}

const COERCIBLE = new Set(['number', 'boolean', 'bigint', 'date'])

function defOf(schema: unknown): ZodDefLike | undefined {
  return (schema as { _zod?: { def?: ZodDefLike } } | undefined)?._zod?.def
}

function pin(schema: unknown, seen: WeakSet<object>): void {
  const def = defOf(schema)
  if (!def || seen.has(def)) return
  seen.add(def)
  if (def.type && COERCIBLE.has(def.type) && !def.coerce) {
    // Reads stay false, writes are ignored: see lockInputCoercion.
    Object.defineProperty(def, 'coerce', { get: () => false, set: () => {}, configurable: false })
    return
  }
  const children = [
    ...Object.values(def.shape ?? {}),
    def.element,
    def.innerType,
    def.in,
    def.out,
    ...(def.options ?? []),
    def.left,
    def.right,
  ]
  for (const child of children) if (child) pin(child, seen)
}

/**
 * trpc-to-openapi switches zod's coercion on (`_zod.def.coerce = true`) for every number, boolean, bigint and date
 * of an input schema, JSON bodies included (trpc/trpc-openapi#219, extended to bodies by #247; no option turns it
 * off). Without this pin `{"featured": "false"}` becomes true and `{"quantity": null}` 0. JSON is
 * already typed, and query or path values that need coercion say so in the schema (z.coerce, integerFromText), so
 * the adapter's switch is pinned off for every field not declared coercing: a wrong type is a 400, never a silent
 * conversion. It reaches into zod 4's internal `_zod.def` (the same place the adapter writes): check it when
 * upgrading zod; app.integration.test.ts ("rejects wrong types instead of converting them") fails if it stops working.
 */
// Module-wide: a schema is pinned once, however many apps are built in this process (tests build many).
const seen = new WeakSet<object>()

export function lockInputCoercion(router: AnyRouter): void {
  for (const procedure of Object.values(router._def.procedures)) {
    const inputs = (procedure as { _def?: { inputs?: unknown[] } })._def?.inputs ?? []
    for (const input of inputs) pin(input, seen)
  }
}
