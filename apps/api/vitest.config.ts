import { databaseProjects } from '@shop/db/testing/vitest-projects'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Compares the statuses the whole suite observes with the OpenAPI document (src/testing/status-contract.ts).
    globalSetup: ['./src/testing/status-contract-setup.ts'],
    projects: databaseProjects(),
  },
})
