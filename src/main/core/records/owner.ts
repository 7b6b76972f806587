import { hostname } from 'node:os'
import type { ProcessRef } from '../../../shared/records'

/**
 * Which process leases an outbox entry, and whether that process still exists. Only a process of
 * this machine can be checked; one of another machine (a folder on a network drive) is trusted
 * until its lease runs out.
 */
export function thisProcess(): ProcessRef {
  // The global Web Crypto, not an import of node:crypto, which loads node:stream and a dozen more.
  return { host: hostname(), pid: process.pid, id: crypto.randomUUID() }
}

/** True only when the process is certainly gone: same machine, another pid, and no such pid. */
export function processGone(ref: ProcessRef): boolean {
  if (ref.host !== hostname() || ref.pid === process.pid) return false
  try {
    process.kill(ref.pid, 0)
    return false
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'ESRCH'
  }
}
