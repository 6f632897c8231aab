import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL, E2E_PORT } from './fixtures/constants'
import { prepareRunDir, SERVER_SCRIPT, serverEnv } from './fixtures/server'

// Playwright evaluates this file in the runner and again in every worker. The runner makes the run dir once and
// hands it to the workers through the environment, so a run gets exactly one fresh, seeded database.
process.env.SHOP_E2E_RUN_DIR ??= prepareRunDir('shop-e2e-')
const runDir = process.env.SHOP_E2E_RUN_DIR

export default defineConfig({
  testDir: 'specs',
  // Screenshots, traces and .last-run.json. Not test-results/: the root `biome check .` would lint the JSON that
  // Playwright writes there (biome.json ignores node_modules but not test-results) and fail the next `pnpm test`.
  outputDir: 'node_modules/.cache/playwright-results',
  // Two cores: the server, Chromium and the runner already share them.
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  globalTeardown: './fixtures/global-teardown.ts',
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The production build as `pnpm start` serves it; the root `test` script builds it first (`turbo run build`).
    command: `node ${SERVER_SCRIPT}`,
    env: serverEnv(E2E_PORT, runDir),
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
})
