import { setFlagsFromString } from 'node:v8'

/**
 * `onair run` trades peak speed for memory: it waits between events, and what it does then (a poll
 * every ten minutes, a plan at each reminder) takes milliseconds without the optimizing compiler.
 * Measured on the built daemon with 1,000 programs, resident set after its first poll (BENCHMARKS.md,
 * "Daemon"): 82 MB with V8's defaults, 71 with the young generation kept at its starting size (a
 * poll grows it to 16 MB, which then stays resident), 64 also without optimized code (its code and
 * the compiler's zones stay too) and with V8 told to favour size. No baseline (Sparkplug) code
 * either: a poll then runs on bytecode alone, at a CPU cost the bench could not tell from noise.
 *
 * Set at run time because the `onair` launcher is a plain `#!/usr/bin/env node` file that cannot
 * pass flags, and before the daemon's code loads (the registry's `run` entry): loading its ~900 KB
 * had already grown the young generation to 8 MB, which a poll of 10 programs never shrank (61.4 →
 * 52.2 MB resident after that poll, 57.9 → 54.2 with 1,000 programs). Each flag has been in V8 for
 * years (an unknown one would only be reported on stderr); only the daemon sets them, never a
 * short command or the app. No forced collection after each poll: with the flags set this early it
 * released ≤ 1 MB that V8's memory reducer releases ~8 s later anyway, for 15–30 ms of CPU a poll.
 */
export const DAEMON_V8_FLAGS = ['--semi-space-growth-factor=1', '--no-opt', '--optimize-for-size', '--no-sparkplug']

export function favourMemory(): void {
  for (const flag of DAEMON_V8_FLAGS) setFlagsFromString(flag)
}
