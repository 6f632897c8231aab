import fs from 'node:fs'
import path from 'node:path'
import { MantineProvider } from '@mantine/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { App } from '../app'
import { createClients } from '../lib/clients'
import { theme } from '../theme'
import { cssVariablesResolver, themeVariablesCss } from './theme-variables'

const styleOf = (html: string) => html.match(/<style data-mantine-styles="true">([^<]*)<\/style>/)?.[1]

describe("the theme's CSS variables in the stylesheet", () => {
  it('are what Mantine’s provider writes into a page for this theme and resolver', () => {
    const written = styleOf(
      renderToString(
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
          <p>piece</p>
        </MantineProvider>,
      ),
    )
    expect(written).toMatch(/--mantine-color-gold-7:\s*#7d5c1e/)
    expect(written).toMatch(/--mantine-color-error:\s*var\(--mantine-color-red-9\)/)
    expect(themeVariablesCss()).toBe(written)
  })

  it('are no longer written into a page', () => {
    const html = renderToString(<App clients={createClients()}>piece</App>)
    expect(html).toContain('piece')
    expect(styleOf(html)).toBeUndefined()
  })

  it('are built into the stylesheet a page links', () => {
    const dist = path.join(import.meta.dirname, '../../dist')
    // Only after `pnpm build`: the test command builds before it tests.
    const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
    const stylesheet = index.match(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/)?.[1]
    expect(stylesheet).toBeDefined()
    const css = fs.readFileSync(path.join(dist, stylesheet as string), 'utf8')
    expect(css).toMatch(/--mantine-color-gold-7:\s*#7d5c1e/)
    expect(css).toMatch(/--mantine-color-error:\s*var\(--mantine-color-red-9\)/)
  })
})
