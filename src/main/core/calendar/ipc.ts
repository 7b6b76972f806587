import type { Handlers } from '../../../shared/contract'
import { UserErrorException } from '../user-error'
import type { CalendarService } from '.'

/** The `calendar:*` handlers. The clipboard and the save dialog are the shell's, passed in. */
type CalendarCommand = Extract<keyof Handlers, `calendar:${string}`>

export interface CalendarShell {
  copyText: (text: string) => void | Promise<void>
  /** Asks the user where to save `text` (suggesting `name`) and saves it; null when cancelled. */
  saveFile: (name: string, text: string) => Promise<string | null>
}

export function calendarHandlers(calendar: CalendarService, shell: CalendarShell): Pick<Handlers, CalendarCommand> {
  return {
    'calendar:info': async () => calendar.info(),
    'calendar:regenerate': async () => calendar.regenerate(),
    'calendar:copyUrl': async () => {
      // No address while the feed is off.
      const url = calendar.info().url
      if (!url) return { copied: false }
      await shell.copyText(url)
      return { copied: true }
    },
    'calendar:export': async () => {
      const text = await calendar.document()
      try {
        return { path: await shell.saveFile('onair.ics', text) }
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e)
        throw new UserErrorException('calendar-export-failed', {
          en: `The calendar could not be saved: ${reason}. Nothing was changed there.`,
          ja: `カレンダーを保存できませんでした: ${reason}。保存先は変更されていません。`
        })
      }
    }
  }
}
