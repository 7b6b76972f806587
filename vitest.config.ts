import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import { trimUnused } from './build/vite-shared'

const shellFiles = [
  'src/main/index.ts',
  ...readdirSync('src/main/shell')
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `src/main/shell/${name}`)
]

export default defineConfig({
  plugins: [trimUnused()],
  // The credential store's native module, in the tests' processes: its double (keyring-double.cjs).
  resolve: { alias: { '@napi-rs/keyring': resolve('test/support/keyring-double.cjs') } },
  test: {
    include: ['test/unit/**/*.test.ts'],
    globalSetup: ['test/setup/build-cli.ts'],
    setupFiles: ['test/setup/temp-dirs.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // electron-store imports `electron`: inlined, it gets the shell tests' double (vi.mock reaches
    // only modules vitest transforms; Node itself would load the real package, which has no binary).
    // conf is inlined so that its import of atomically gets the app's alias.
    server: { deps: { inline: ['electron-store', 'conf'] } },
    coverage: {
      provider: 'v8',
      include: ['src/main/core/**/*.ts', 'src/main/index.ts', 'src/main/shell/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
      // The API clients are what every feature stands on: a drop below this fails `npm test`.
      thresholds: {
        'src/main/core/media/**': { lines: 90 },
        'src/main/core/wiki/**': { lines: 90 },
        // The Electron shell runs on the double in test/unit/shell: the entry and each shell file.
        ...Object.fromEntries(shellFiles.map((file) => [file, { lines: 80 }]))
      }
    }
  }
})
