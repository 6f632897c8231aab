import { createTheme, type MantineColorsTuple } from '@mantine/core'

// A warm antique gold. Shade 7 (the primary on light backgrounds) keeps 4.5:1 contrast with white text and on
// white, so buttons and links stay readable (and Lighthouse's contrast audit passes).
const gold: MantineColorsTuple = [
  '#fbf6ec',
  '#f3e8d0',
  '#e7d1a1',
  '#dab86d',
  '#cfa446',
  '#b98a2e',
  '#9a7226',
  '#7d5c1e',
  '#654a18',
  '#4d3812',
]

const ink: MantineColorsTuple = [
  '#f4f4f6',
  '#e4e5ea',
  '#c6c8d2',
  '#a5a9b8',
  '#898ea1',
  '#767b90',
  '#626779',
  '#4b4f5e',
  '#333643',
  '#1e2029',
]

export const theme = createTheme({
  primaryColor: 'gold',
  primaryShade: { light: 7, dark: 5 },
  colors: { gold, ink },
  black: '#1e2029',
  white: '#ffffff',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: '"Cormorant Garamond", Georgia, "Times New Roman", serif',
    fontWeight: '600',
    sizes: {
      h1: { fontSize: '2.75rem', lineHeight: '1.15' },
      h2: { fontSize: '2.125rem', lineHeight: '1.2' },
      h3: { fontSize: '1.5rem', lineHeight: '1.3' },
    },
  },
  defaultRadius: 'xs',
  radius: { xs: '2px', sm: '4px', md: '6px', lg: '10px', xl: '16px' },
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2.5rem' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'xs' } },
    Container: { defaultProps: { size: 'xl' } },
    // Every dialog's and drawer's close button gets a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
})
