import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Every folder a test makes in the system temp dir, made here so it is removed when its test file
 * ends (test/setup/temp-dirs.ts, a vitest setup file): a run of the tests leaves nothing behind,
 * which `npm test` checks (scripts/test.mjs).
 */
const made: string[] = []

/** A new, empty folder named `prefix` + random characters, removed after the test file. */
export function tempDir(prefix: string): string {
  const dir = scratchDir(prefix)
  made.push(dir)
  return dir
}

/**
 * For code that no vitest test file ends (Playwright fixtures, the Electron specs, a child
 * process): the same kind of folder, which the caller removes itself.
 */
export function scratchDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
}
