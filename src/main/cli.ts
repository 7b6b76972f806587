// First, before anything that may need a newer Node.js is evaluated (node-guard.ts says why).
import './cli/node-guard'
import { localeFromEnv } from './core/locale'
import { runCli } from './cli/dispatch'
import { exitWhenSettled } from './cli/exit'
import { processIo } from './cli/stdio'

/** `onair`: the core under Node, without Electron. Commands live in `cli/commands/`. */
const io = processIo()
exitWhenSettled(runCli(process.argv.slice(2), io), io, localeFromEnv(io.env))
