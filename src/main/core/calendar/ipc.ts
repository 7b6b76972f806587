import type { Handlers } from '../../../shared/contract'
import { UserErrorException } from '../user-error'
import type { CalendarService } from '.'

/** The `calendar:*` handlers. The clipboard and the save dialog are the shell's, passed in. */
type CalendarCommand = Extract<keyof Handlers, `calendar:${string}`>

export interface CalendarShell {
  copyText?: (text: string) => void | Promise<void>
  /** Asks the user where to save `text` (suggesting `name`) and saves it; null when cancelled. */
  saveFile?: (name: string, text: string) => Promise<string | null>
}

const unavailable = () =>
  new UserErrorException('calendar-unavailable', {
    en: 'The calendar is not available in this build of Onair.',
    ja: 'この Onair ではカレンダーを使えません。'
  })

export function calendarHandlers(
  calendar: CalendarService | undefined,
  shell: CalendarShell
): Pick<Handlers, CalendarCommand> {
  const need = (): CalendarService => {
    if (!calendar) throw unavailable()
    return calendar
  }
  return {
    'calendar:info': async () => need().info(),
    'calendar:regenerate': async () => need().regenerate(),
    'calendar:copyUrl': async () => {
      const url = need().info().url
      if (!url || !shell.copyText) return { copied: false }
      await shell.copyText(url)
      return { copied: true }
    },
    'calendar:export': async () => {
      const text = need().document()
      if (!shell.saveFile) throw unavailable()
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
