import { writeSync } from 'node:fs'

/**
 * Text to a file descriptor, written whole before the call returns. Node's `process.stdout` does
 * the same on Linux (files, pipes and terminals are written synchronously there), but building
 * that stream is a noticeable share of a short command's start, for a command that prints one
 * line. Windows keeps `process.stdout`, whose console stream writes Japanese through the
 * console's wide-character API.
 */
export type Write = (fd: number, data: Uint8Array) => number

/** One shared cell to sleep on: `Atomics.wait` is the only synchronous pause JavaScript has. */
const pause = new Int32Array(new SharedArrayBuffer(4))

export function fdWriter(fd: number, write: Write = writeSync): (text: string) => void {
  let gone = false
  return (text) => {
    let rest = Buffer.from(text)
    while (!gone && rest.length > 0) {
      try {
        rest = rest.subarray(write(fd, rest))
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code
        // A descriptor left non-blocking by whoever started us, and its pipe full: wait a moment
        // for the reader, as the blocking write Node's own stream would do.
        if (code === 'EAGAIN') Atomics.wait(pause, 0, 0, 1)
        // The reader has gone (`onair upcoming | head -1`): nobody is left to tell.
        else if (code === 'EPIPE') gone = true
        else throw e
      }
    }
  }
}
