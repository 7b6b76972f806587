import { escapeControls } from '../core/safe-text'
import { LAUNCHER_ENV_VARS, SECRET_ENV_VARS, forgetSecretEnv } from '../core/secret-env'
import type { Io } from './command'
import { fdWriter } from './fd-writer'

/** Whether output goes through Node's streams (Windows) rather than `fdWriter` (fd-writer.ts says why). */
const NODE_STREAMS = process.platform === 'win32'

/** Standard output and error, each written whole before the call returns except through Node's streams. */
function standardStreams(): { stdout: (text: string) => void; stderr: (text: string) => void } {
  if (NODE_STREAMS) return { stdout: (t) => void process.stdout.write(t), stderr: (t) => void process.stderr.write(t) }
  return { stdout: fdWriter(1), stderr: fdWriter(2) }
}

/**
 * The real process streams behind the Io a command sees. Every line passes escapeControls here,
 * at the one place text reaches the terminal, so no command can forget it for network text.
 * `write` (raw output such as an .ics file) keeps its CR LF line ends.
 */
export function processIo(): Io {
  // The command reads its secrets from this copy; the process's own environment, which anything
  // it starts would inherit, forgets them and the launcher's Node mode (secret-env.ts).
  const env = { ...process.env }
  forgetSecretEnv(process.env, [...SECRET_ENV_VARS, ...LAUNCHER_ENV_VARS])
  let lines: AsyncIterator<string> | undefined
  const { stdout, stderr } = standardStreams()
  return {
    out: (line) => stdout(`${escapeControls(line)}\n`),
    write: (text) => stdout(text.split('\r\n').map(escapeControls).join('\r\n')),
    err: (line) => stderr(`${escapeControls(line)}\n`),
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

/**
 * Ends the process with `code` once its output has left: at once where `fdWriter` wrote it, after
 * Node's streams have flushed on Windows.
 */
export function exitProcess(code: number): void {
  if (NODE_STREAMS) process.stdout.write('', () => process.stderr.write('', () => process.exit(code)))
  else process.exit(code)
}
