// The shop's CSP allows no eval. Zod compiles faster parsers with Function() where it may, and even its check of
// whether it may (a Function('') in a try) is a violation the browser reports (and Lighthouse counts). Zod is told
// it may not before any of it has loaded, through the config object every copy of zod shares (zod's own
// `globalThis.__zod_globalConfig`, which its `config()` writes): importing `config` would bring zod's core into the
// first load, which carries no zod. The hydration test fails on any CSP violation a page reports.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true }
