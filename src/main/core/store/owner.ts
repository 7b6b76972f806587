import { hostname } from 'node:os'
import type { ProcessRef } from '../../../shared/records'

/**
 * Which process holds something in the data folder (an outbox lease, the reminder hold), and
 * whether that process still exists. Only a process of this machine can be checked; one of
 * another machine (a folder on a network drive) is trusted until its time runs out.
 */
export function thisProcess(): ProcessRef {
  // The global Web Crypto, not an import of node:crypto: that loads node:stream and a dozen more
  // modules, and a command that only reads imports this file for pidGone (orphan-temps.ts).
  return { host: hostname(), pid: process.pid, id: crypto.randomUUID() }
}

/** True only when the process is certainly gone: same machine, another pid, and no such pid. */
export function processGone(ref: ProcessRef): boolean {
  if (ref.host !== hostname() || ref.pid === process.pid) return false
  return pidGone(ref.pid)
}

/** True only when this machine has no process with this pid (never for this process). */
export function pidGone(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return false
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'ESRCH'
  }
}
