import { escapeControls } from '../core/safe-text'
import { forgetSecretEnv } from '../core/secret-env'
import type { Io } from './command'

/**
 * The real process streams behind the Io a command sees. Every line passes escapeControls here,
 * at the one place text reaches the terminal, so no command can forget it for network text.
 * `write` (raw output such as an .ics file) keeps its CR LF line ends.
 */
export function processIo(): Io {
  // The command reads its secrets from this copy; the process's own environment, which anything
  // it starts would inherit, forgets them (secret-env.ts).
  const env = { ...process.env }
  forgetSecretEnv(process.env)
  let lines: AsyncIterator<string> | undefined
  return {
    out: (line) => void process.stdout.write(`${escapeControls(line)}\n`),
    write: (text) => void process.stdout.write(text.split('\r\n').map(escapeControls).join('\r\n')),
    err: (line) => void process.stderr.write(`${escapeControls(line)}\n`),
    async readLine() {
      // Created on first use: an idle readline would keep stdin open and the process alive (and
      // only the commands that ask something load it).
      const { createInterface } = await import('node:readline')
      lines ??= createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]()
      const next = await lines.next()
      return next.done ? undefined : next.value
    },
    env,
    // Imported when a command opens a page: its address check brings the validation library, which
    // `onair --help` and most commands never need.
    openBrowser: async (url) => (await import('./open-browser')).systemOpener(env)(url)
  }
}
