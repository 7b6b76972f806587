import { setFlagsFromString } from 'node:v8'

/**
 * `onair run` trades peak speed for memory: it waits between events, and what it does then (a poll
 * every ten minutes, a plan at each reminder) takes milliseconds without the optimizing compiler.
 * Each flag lowers the daemon's resident set after a poll: the young generation kept at its
 * starting size (a poll would grow it, and it would then stay resident), no optimized code (its
 * code and the compiler's zones would stay too: `--no-opt` stops TurboFan only, and from Node 24
 * (V8 13) the Maglev tier is on by default, so it is turned off by name; on Node 22 it is already
 * off), no baseline (Sparkplug) code either (a poll then
 * runs on bytecode alone, at a CPU cost the bench could not tell from noise), and V8 told to favour
 * size.
 *
 * Set at run time because the `onair` launcher is a plain `#!/usr/bin/env node` file that cannot
 * pass flags, and before the daemon's code loads (the registry's `run` entry): loading that code
 * first would already have grown the young generation, and a poll never shrank it again. Each flag
 * has been in V8 for years (an unknown one would only be reported on stderr); only the daemon sets
 * them, never a short command or the app. No forced collection after each poll: V8's memory
 * reducer releases the same memory a few seconds later, without the CPU a collection per poll costs.
 */
export const DAEMON_V8_FLAGS = [
  '--semi-space-growth-factor=1',
  '--no-opt',
  '--no-maglev',
  '--optimize-for-size',
  '--no-sparkplug'
]

export function favourMemory(): void {
  for (const flag of DAEMON_V8_FLAGS) setFlagsFromString(flag)
}
