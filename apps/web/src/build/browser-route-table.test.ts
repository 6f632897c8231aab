import fs from 'node:fs'
import path from 'node:path'
import { rawRoutes, routes } from '@shop/schema/routes'
import { transformWithOxc } from 'vite'
import { describe, expect, it } from 'vitest'
import { browserRouteTableSource } from './browser-route-table'

const SOURCE = path.resolve(import.meta.dirname, '../../../../packages/schema/src/routes.ts')

/** The browser's table, built from the source as the build does and run as a module. */
async function browserTables(): Promise<{ routes: typeof routes; rawRoutes: typeof rawRoutes }> {
  const source = browserRouteTableSource(fs.readFileSync(SOURCE, 'utf8'), SOURCE)
  const { code } = await transformWithOxc(source, SOURCE, { lang: 'ts' })
  return import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)
}

describe("the browser's route table", () => {
  it('has every route of both tables with its method and path, and nothing else', async () => {
    const browser = await browserTables()
    for (const [table, full] of [
      [browser.routes, routes],
      [browser.rawRoutes, rawRoutes],
    ] as const) {
      expect(Object.keys(table)).toEqual(Object.keys(full))
      for (const [name, route] of Object.entries(full)) {
        expect(table[name as keyof typeof table]).toEqual({ method: route.method, path: route.path })
      }
    }
  })

  it('keeps what else the module exports', async () => {
    const browser = (await browserTables()) as unknown as Record<string, unknown>
    const full = await import('@shop/schema/routes')
    expect(Object.keys(browser).sort()).toEqual(Object.keys(full).sort())
    expect((browser.fillPath as typeof full.fillPath)('/products/{id}', { id: 3 }).path).toBe('/products/3')
  })

  it('refuses a table it cannot cut down', () => {
    const broken = "export const routes = { 'shop.info': { path: '/shop' } }\nexport const rawRoutes = {}"
    expect(() => browserRouteTableSource(broken, SOURCE)).toThrow(/method and path/)
    expect(() => browserRouteTableSource('export const routes = {}', SOURCE)).toThrow(/not found/)
  })
})
