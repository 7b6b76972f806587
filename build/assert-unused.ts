/**
 * What the built app and command line give signal-exit (proper-lockfile's) in place of
 * node:assert (aliased in build/vite-shared.ts, for signal-exit's imports only): its one call,
 * `assert.equal` on the callback it is handed. Node's assert module loads its error formatting
 * with it, which opens process.stderr's stream: ~3 ms of the start of every process that takes a
 * lock, before a restarted `onair run` can deliver what fell due (BENCHMARKS.md, issue 25.3).
 */
export function equal(actual: unknown, expected: unknown, message?: string): void {
  // Loose, as assert.equal is.
  if (actual != expected) throw new Error(message ?? `${String(actual)} != ${String(expected)}`)
}
