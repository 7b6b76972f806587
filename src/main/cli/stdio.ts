import { createInterface } from 'node:readline'
import type { Io } from './command'
import { systemOpener } from './open-browser'

/** The real process streams behind the Io a command sees. */
export function processIo(): Io {
  let lines: AsyncIterator<string> | undefined
  return {
    out: (line) => void process.stdout.write(`${line}\n`),
    write: (text) => void process.stdout.write(text),
    err: (line) => void process.stderr.write(`${line}\n`),
    async readLine() {
      // Created on first use: an idle readline would keep stdin open and the process alive.
      lines ??= createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]()
      const next = await lines.next()
      return next.done ? undefined : next.value
    },
    env: process.env,
    openBrowser: systemOpener(process.env)
  }
}
