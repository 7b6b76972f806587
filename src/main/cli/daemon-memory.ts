import { setFlagsFromString } from 'node:v8'

/**
 * `onair run` trades peak speed for memory: it waits between events, and what it does then (a poll
 * every ten minutes, a plan at each reminder) takes milliseconds without the optimizing compiler.
 * Measured on the built daemon with 1,000 programs, resident set after its first poll (BENCHMARKS.md,
 * "Daemon"): 82 MB with V8's defaults, 71 with the young generation kept at its starting size (a
 * poll grows it to 16 MB, which then stays resident), 64 also without optimized code (its code and
 * the compiler's zones stay too) and with V8 told to favour size.
 *
 * Set here, before the first poll, because the `onair` launcher is a plain `#!/usr/bin/env node`
 * file that cannot pass flags. Each flag has been in V8 for years (an unknown one would only be
 * reported on stderr); only the daemon sets them, never a short command or the app.
 */
export const DAEMON_V8_FLAGS = ['--semi-space-growth-factor=1', '--no-opt', '--optimize-for-size']

export function favourMemory(): void {
  for (const flag of DAEMON_V8_FLAGS) setFlagsFromString(flag)
}
