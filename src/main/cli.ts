import { runCli } from './cli/dispatch'
import { processIo } from './cli/stdio'

/** `onair`: the core under Node, without Electron. Commands live in `cli/commands/`. */
const io = processIo()

/** Exits once both streams are flushed: a pending stdin reader must not keep the process alive. */
function exit(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)))
}

runCli(process.argv.slice(2), io).then(exit, (e: unknown) => {
  io.err(`onair: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
  exit(1)
})
