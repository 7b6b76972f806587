import type { Command } from './command'
import { signIn } from './commands/sign-in'
import { signOut } from './commands/sign-out'
import { whoami } from './commands/whoami'

/** Every `onair` command, in the order `onair --help` lists them. */
export const COMMANDS: readonly Command[] = [signIn, whoami, signOut]
