/**
 * The zod-free part of the contract: what the sandboxed preload needs at run time. A sandboxed
 * preload cannot `require` packages, and bundling zod into it only to learn the names would cost
 * start-up time, so the names are listed here and checked against the schemas by the compiler
 * (in `index.ts`, which imports this file: this one imports nothing of the contract's schemas).
 */
import type { UserError } from './common'

export const commandNames = [
  'app:info',
  'app:openExternal',
  'app:openLog',
  'app:copyDiagnostics',
  'app:hideWindow',
  'auth:status',
  'auth:saveServices',
  'auth:signIn',
  'auth:cancelSignIn',
  'auth:startOob',
  'auth:completeOob',
  'auth:pasteToken',
  'auth:signOut',
  'auth:setWikiToken',
  'settings:get',
  'settings:update',
  'record:create',
  'record:undo',
  'record:edit',
  'record:delete',
  'outbox:list',
  'outbox:retry',
  'outbox:discard',
  'status:set',
  'works:list',
  'inbox:list',
  'inbox:refresh',
  'inbox:markSeen',
  'inbox:markAllSeen',
  'inbox:article',
  'inbox:images',
  'inbox:webhookInfo',
  'schedule:get',
  'schedule:refresh',
  'reminders:history',
  'reminders:act',
  'calendar:info',
  'calendar:regenerate',
  'calendar:copyUrl',
  'calendar:export',
  'catchup:get',
  'catchup:refresh',
  'shortcuts:get',
  'shortcuts:set',
  'shortcuts:record',
  'update:status',
  'update:act'
] as const
export const eventNames = [
  'app:notice',
  'app:focusProgram',
  'app:navigate',
  'auth:changed',
  'outbox:changed',
  'status:rollback',
  'inbox:changed',
  'schedule:changed',
  'calendar:changed',
  'catchup:changed',
  'update:changed'
] as const

/** The same names as `CommandName` and `EventName` in index.ts, which checks that they are. */
export type ListedCommandName = (typeof commandNames)[number]
export type ListedEventName = (typeof eventNames)[number]

export function isCommandName(name: unknown): name is ListedCommandName {
  return typeof name === 'string' && (commandNames as readonly string[]).includes(name)
}

export function isEventName(name: unknown): name is ListedEventName {
  return typeof name === 'string' && (eventNames as readonly string[]).includes(name)
}

/** What crosses the IPC channel for every command; see the error convention in `common.ts`. */
export type Reply = { ok: true; value: unknown } | { ok: false; error: UserError }

/** Resolves with the value, or throws the `UserError` as plain data. */
export function unwrapReply(reply: Reply): unknown {
  if (reply.ok) return reply.value
  throw reply.error
}
