import { z } from 'zod'

// The shop's CSP allows no eval. Zod compiles faster parsers with Function() where it may, and even its check of
// whether it may (a Function('') in a try) is a violation the browser reports (and Lighthouse counts). Zod is told
// it may not, before any schema is made: imported first by main.tsx.
z.config({ jitless: true })
