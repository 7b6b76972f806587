/**
 * The IPC contract: every command (renderer → main, request/response) and every event
 * (main → renderer, push) with its zod schemas. Preload, main handlers and renderer all derive
 * their types from here, so a mismatch between them is a compile error.
 *
 * To add a concern: write `<concern>.ts` exporting `<concern>Commands` / `<concern>Events`,
 * add them to `commandParts` / `eventParts` below, list the names in `bridge.ts` (the compiler insists), and add handlers in
 * `src/main/core/ipc/handlers.ts` (the compiler insists again).
 */
import type { z } from 'zod'
import { appCommands, appEvents } from './app'
import { authCommands, authEvents } from './auth'
import { calendarCommands, calendarEvents } from './calendar'
import { catchUpCommands, catchUpEvents } from './catch-up'
import { settingsCommands } from './settings'
import { inboxCommands, inboxEvents } from './inbox'
import { recordsCommands, recordsEvents } from './records'
import { remindersCommands } from './reminders'
import { scheduleCommands, scheduleEvents } from './schedule'
import { shortcutsCommands } from './shortcuts'
import { updateCommands, updateEvents } from './update'
import type { ListedCommandName, ListedEventName } from './bridge'

export * from './common'
export * from './app'
export * from './auth'
export * from './settings'
export * from './inbox'
export * from './records'
export * from './schedule'
export * from './reminders'
export * from './calendar'
export * from './catch-up'
export * from './shortcuts'
export * from './update'
export * from './bridge'

interface CommandSpec {
  readonly input: z.ZodType
  readonly output: z.ZodType
}

// Spreading would silently let a later concern overwrite a command of an earlier one.
function merge<T extends Record<string, unknown>>(...parts: T[]): T {
  const out: Record<string, unknown> = {}
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key in out) throw new Error(`IPC contract: "${key}" is defined twice`)
      out[key] = value
    }
  }
  return out as T
}

type Intersect<T extends readonly unknown[]> = T extends readonly [infer H, ...infer R] ? H & Intersect<R> : unknown

// Adding a concern: one entry in each list.
const commandParts = [
  appCommands,
  authCommands,
  settingsCommands,
  recordsCommands,
  inboxCommands,
  scheduleCommands,
  remindersCommands,
  calendarCommands,
  catchUpCommands,
  shortcutsCommands,
  updateCommands
] as const
const eventParts = [
  appEvents,
  authEvents,
  recordsEvents,
  inboxEvents,
  scheduleEvents,
  calendarEvents,
  catchUpEvents,
  updateEvents
] as const

export const commands = merge<Record<string, CommandSpec>>(...commandParts) as Intersect<typeof commandParts>
export const events = merge<Record<string, z.ZodType>>(...eventParts) as Intersect<typeof eventParts>

export type Commands = typeof commands
export type Events = typeof events
export type CommandName = keyof Commands & string
export type EventName = keyof Events & string

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Holds<T extends true> = T
/** Fails to compile when the name lists in bridge.ts and the schemas above differ. */
export type NamesMatch = [Holds<Same<CommandName, ListedCommandName>>, Holds<Same<EventName, ListedEventName>>]

/** What the renderer passes to `invoke`. */
export type CommandInput<N extends CommandName> = z.input<Commands[N]['input']>
/** What `invoke` resolves with (after the output schema ran). */
export type CommandOutput<N extends CommandName> = z.output<Commands[N]['output']>
export type EventPayload<E extends EventName> = z.output<Events[E]>

// Commands without input (`z.undefined()`) are called as `invoke('app:info')`.
type InvokeArgs<N extends CommandName> =
  undefined extends CommandInput<N> ? [input?: CommandInput<N>] : [input: CommandInput<N>]

/** `window.api`: the whole surface the renderer sees. */
export interface OnairApi {
  invoke<N extends CommandName>(name: N, ...args: InvokeArgs<N>): Promise<CommandOutput<N>>
  /** Returns the unsubscribe function. */
  on<E extends EventName>(event: E, cb: (payload: EventPayload<E>) => void): () => void
}

/**
 * Main-side implementation of every command. Handlers get the parsed input and may return
 * anything the output schema accepts; `dispatch` parses both sides.
 */
export type Handlers = {
  [N in CommandName]: (input: z.output<Commands[N]['input']>) => Promise<z.input<Commands[N]['output']>>
}
