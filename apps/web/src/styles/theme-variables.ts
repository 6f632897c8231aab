import {
  type CSSVariablesResolver,
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core'
import { theme } from '../theme'

// Mantine's error red (red.6, also the text of light red alerts), dimmed grey (input descriptions) and placeholder
// grey are below 4.5:1 on white; these keep every message and hint readable.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-ink-6)',
    '--mantine-color-placeholder': 'var(--mantine-color-ink-6)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
  },
  dark: {},
})

/**
 * The theme's CSS variables as Mantine's provider would write them into a <style> of every page: its defaults for
 * this theme with the resolver's on top, less those Mantine's own stylesheet already sets to the same value. The
 * build writes them into styles/theme.css (vite.config.ts), so a page does not carry them.
 */
export function themeVariablesCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme)
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME)
  const ours = defaultCssVariablesResolver(merged)
  const resolved = cssVariablesResolver(merged)
  const changed = (section: 'variables' | 'light' | 'dark') => {
    const given: Record<string, string> = defaults[section]
    return Object.fromEntries(
      Object.entries({ ...ours[section], ...resolved[section] }).filter(([name, value]) => given[name] !== value),
    )
  }
  return convertCssVariables({ variables: changed('variables'), light: changed('light'), dark: changed('dark') })
}
