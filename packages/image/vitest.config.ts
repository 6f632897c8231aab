import { defineConfig } from 'vitest/config'

// Building two images and starting containers takes minutes, not the seconds of a unit test.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 1_500_000, fileParallelism: false },
})
