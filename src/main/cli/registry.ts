import type { Command } from './command'
import { signIn } from './commands/sign-in'
import { signOut } from './commands/sign-out'
import { whoami } from './commands/whoami'
import { inbox } from './commands/inbox'
import { record } from './commands/record'
import { status } from './commands/status'
import { works } from './commands/works'
import { outbox } from './commands/outbox'
import { run } from './commands/run'
import { upcoming } from './commands/upcoming'
import { config } from './commands/config'

/** Every `onair` command, in the order `onair --help` lists them. */
export const COMMANDS: readonly Command[] = [
  signIn,
  whoami,
  signOut,
  upcoming,
  run,
  record,
  status,
  works,
  outbox,
  inbox,
  config
]
