import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    globalSetup: ['test/setup/build-cli.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    coverage: {
      provider: 'v8',
      include: ['src/main/core/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
      // The API clients are what every feature stands on: a drop below this fails `npm test`.
      thresholds: {
        'src/main/core/media/**': { lines: 90 },
        'src/main/core/wiki/**': { lines: 90 }
      }
    }
  }
})
