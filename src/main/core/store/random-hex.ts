import { closeSync, openSync, readSync } from 'node:fs'

/**
 * `bytes` from the system's cryptographic generator, as hex, for the names of atomic-write.ts's
 * temporary files: read from /dev/urandom where there is one (Linux, macOS), else through Web
 * Crypto (Windows). Not node:crypto: loading it cost a restarted `onair run` ~4 ms before it could
 * write the ledger and show what fell due (issue 25.3, BENCHMARKS.md).
 */
export function randomHex(bytes: number, device = '/dev/urandom'): string {
  const buffer = Buffer.alloc(bytes)
  try {
    const fd = openSync(device, 'r')
    try {
      for (let done = 0; done < bytes;) {
        const read = readSync(fd, buffer, done, bytes - done, null)
        if (read === 0) throw new Error(`${device} ended`)
        done += read
      }
    } finally {
      closeSync(fd)
    }
  } catch {
    globalThis.crypto.getRandomValues(buffer)
  }
  return buffer.toString('hex')
}
