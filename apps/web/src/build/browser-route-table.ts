import { type Plugin, parseSync } from 'vite'

// What the browser reads of a route: its method and path (lib/rest-link.ts, the admin's downloads and uploads).
const FIELDS_FOR_BROWSERS = new Set(['method', 'path'])
const ROUTE_TABLE = /[\\/]packages[\\/]schema[\\/]src[\\/]routes\.ts$/
const TABLES = new Set(['routes', 'rawRoutes'])

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

/** The object literal an expression is, under `as const` and `satisfies`. */
function objectOf(node: Node | undefined | null): Node | undefined {
  if (node?.type === 'ObjectExpression') return node
  if (node?.type === 'TSAsExpression' || node?.type === 'TSSatisfiesExpression')
    return objectOf(node.expression as Node)
  return undefined
}

function nameOf(node: unknown): string | undefined {
  return (node as { name?: string } | undefined)?.name
}

/**
 * The route table's source (packages/schema/src/routes.ts) with each route of `routes` and `rawRoutes` cut down to
 * its method and path. Throws when the table is not in the shape this expects, so that a change of it fails the
 * build instead of shipping the whole table, or a broken one.
 */
export function browserRouteTableSource(code: string, id: string): string {
  const { program, errors } = parseSync(id, code, { lang: 'ts' })
  if (errors.length > 0) throw new Error(`${id} does not parse: ${errors[0]?.message}`)
  const edits: Array<{ start: number; end: number; text: string }> = []
  const found = new Set<string>()
  for (const statement of program.body as unknown as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : null
    if (declaration?.type !== 'VariableDeclaration') continue
    for (const declarator of declaration.declarations as Node[]) {
      const table = nameOf(declarator.id)
      if (!table || !TABLES.has(table)) continue
      found.add(table)
      for (const entry of (objectOf(declarator.init as Node)?.properties ?? []) as Node[]) {
        const route = objectOf(entry.value as Node)
        const kept = ((route?.properties ?? []) as Node[]).filter((field) =>
          FIELDS_FOR_BROWSERS.has(`${nameOf(field.key)}`),
        )
        if (!route || kept.length !== FIELDS_FOR_BROWSERS.size) {
          throw new Error(`${id}: a route of ${table} is not an object literal with its method and path`)
        }
        const text = `{ ${kept.map((field) => code.slice(field.start, field.end)).join(', ')} }`
        edits.push({ start: route.start, end: route.end, text })
      }
    }
  }
  if (found.size !== TABLES.size) throw new Error(`${id}: ${[...TABLES].join(' and ')} not found`)
  let result = code
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end)
  }
  return result
}

/**
 * The browser's copy of the route table keeps each route's method and path only: the rest (summaries, tags,
 * statuses, the server's cache and guard policies) is for the server and the OpenAPI document, and was about 2 kB
 * of every page's brotli JavaScript, fetched before the page answers a tap. The table stays defined once; the API
 * and the server renderer read all of it.
 */
export function browserRouteTable(): Plugin {
  return {
    name: 'shop:browser-route-table',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ROUTE_TABLE.test(id)) return
      return { code: browserRouteTableSource(code, id), map: null }
    },
  }
}
