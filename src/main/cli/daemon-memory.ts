import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * `onair run` trades peak speed for memory: it waits between events, and what it does then (a poll
 * every ten minutes, a plan at each reminder) takes milliseconds without the optimizing compiler.
 * Measured on the built daemon with 1,000 programs, resident set after its first poll (BENCHMARKS.md,
 * "Daemon"): 82 MB with V8's defaults, 71 with the young generation kept at its starting size (a
 * poll grows it to 16 MB, which then stays resident), 64 also without optimized code (its code and
 * the compiler's zones stay too) and with V8 told to favour size.
 *
 * Set at run time because the `onair` launcher is a plain `#!/usr/bin/env node` file that cannot
 * pass flags, and before the daemon's code loads (the registry's `run` entry): loading its ~900 KB
 * had already grown the young generation to 8 MB, which a poll of 10 programs never shrank (61.4 →
 * 52.2 MB resident after that poll, 57.9 → 54.2 with 1,000 programs). Each flag has been in V8 for
 * years (an unknown one would only be reported on stderr); only the daemon sets them, never a
 * short command or the app.
 */
export const DAEMON_V8_FLAGS = ['--semi-space-growth-factor=1', '--no-opt', '--optimize-for-size']

export function favourMemory(): void {
  for (const flag of DAEMON_V8_FLAGS) setFlagsFromString(flag)
}

let collect: (() => void) | undefined

/**
 * A full, compacting collection, for the moment the daemon goes idle: after a poll (20 pages of
 * programs parsed, and at the first one all of start-up's garbage) nothing runs for minutes. V8's
 * memory reducer notices that ~8 s later and collects all the same; the daemon knows it at once, so
 * it releases the garbage then (BENCHMARKS.md, "The daemon's memory": 1–2 MB less resident in the
 * seconds after a poll, the same a minute later, 15–30 ms of CPU per poll).
 *
 * Node has no `gc()` without `--expose-gc` at start, which the launcher cannot pass: set at run
 * time, the flag gives a new context the function, and that context is made once. Compaction is
 * asked for this collection only (V8 compacts a full collection when it judges the heap fragmented).
 */
export function releaseIdleGarbage(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as () => void
  }
  setFlagsFromString('--compact-on-every-full-gc')
  try {
    collect()
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc')
  }
}
