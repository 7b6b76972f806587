import { z } from 'zod'
import { LocalizedText } from './common'

/** Only web links leave the app; `javascript:`, `file:`, `data:` and custom schemes never do. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

export const HttpUrl = z.string().max(2048).refine(isHttpUrl, { message: 'Only http(s) URLs' })

export const AppInfo = z.strictObject({
  name: z.string().min(1),
  version: z.string().min(1),
  platform: z.string().min(1),
  /** The system locale (BCP 47), from which the renderer picks its default language. */
  locale: z.string().min(1)
})
export type AppInfo = z.infer<typeof AppInfo>

export const Notice = z.strictObject({
  level: z.enum(['info', 'warning', 'error']),
  message: LocalizedText
})
export type Notice = z.infer<typeof Notice>

export const appCommands = {
  'app:info': { input: z.undefined(), output: AppInfo },
  'app:openExternal': { input: z.strictObject({ url: HttpUrl }), output: z.void() },
  /** Opens the app's log file (main-process errors, renderer crashes) in the system's viewer. */
  'app:openLog': { input: z.undefined(), output: z.void() },
  /** Settings → About: the diagnostics report (as `onair doctor` prints it, no secrets) onto the clipboard. */
  'app:copyDiagnostics': { input: z.undefined(), output: z.strictObject({ copied: z.boolean() }) },
  /** Escape in the window: back to the tray. */
  'app:hideWindow': { input: z.undefined(), output: z.void() }
} as const

export const appEvents = {
  /** Something the user should know about that is not an answer to a command. */
  'app:notice': Notice,
  /** A reminder notification was clicked: show that program's quick record in the schedule. */
  'app:focusProgram': z.strictObject({ programId: z.int().positive() }),
  /** The tray or a notification asked for a view (e.g. "Inbox (3)", "Settings…"). */
  'app:navigate': z.strictObject({ view: z.enum(['schedule', 'works', 'records', 'inbox', 'settings', 'catch-up']) })
} as const
