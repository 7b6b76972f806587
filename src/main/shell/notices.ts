/**
 * What the app tells the user by notification about its own troubles, beside the log: a saved
 * file it could not read, a write the disk refused in the background, a token the service stopped
 * accepting, notifications that cannot be shown at all.
 */
import type { Locale, LocalizedText } from '../../shared/locale'
import { describeError, FILE_ERROR } from '../core/describe-error'
import { describeCorruptFile } from '../core/file-errors'
import type { NativeNotification, Notifier } from '../core/notify'
import type { CorruptFileReport } from '../core/store/database'
import type { AppLog } from './log'

/**
 * A saved file that no longer reads is kept aside and the user told; in the system's language,
 * because the settings file may be the one that failed. The settings are opened before the
 * notifier exists (its buttons speak the chosen language): what is reported meanwhile waits.
 */
export function corruptFileNotices(log: AppLog, systemLanguage: () => Locale) {
  let notifier: Notifier | undefined
  const waiting: NativeNotification[] = []
  return {
    report(r: CorruptFileReport): void {
      const text = describeCorruptFile(r)
      log.write('warn', text.en)
      const n = { id: `corrupt:${r.path}`, title: 'Onair', body: text[systemLanguage()] }
      if (notifier) notifier.show(n)
      else waiting.push(n)
    },
    tellThrough(given: Notifier): void {
      notifier = given
      for (const n of waiting.splice(0)) given.show(n)
    }
  }
}

/**
 * A background task failed (the outbox sending, the inbox, a cache): logged; a write the disk
 * refused is also told, once per file and problem in this run, in the user's language.
 */
export function backgroundErrorNotice(notifier: Notifier, log: AppLog, language: () => Locale) {
  const told = new Set<string>()
  return (e: unknown): void => {
    log.write('error', 'background task failed', e)
    const known = describeError(e)
    if (known?.code !== FILE_ERROR || told.has(known.message.en)) return
    told.add(known.message.en)
    notifier.show({ id: `file-error:${told.size}`, title: 'Onair', body: known.message[language()] })
  }
}

/** A rejected token: one notification (the monitor fires once); the tray shows "sign in". */
export function signedOutNotice(notifier: Notifier, language: () => Locale) {
  return (change: { reason?: LocalizedText }): void => {
    if (change.reason)
      notifier.show({ id: 'signed-out', title: 'Onair', body: change.reason[language()], target: { kind: 'schedule' } })
  }
}

const NOTIFICATIONS_FAILED = {
  en: 'Onair could not show a notification ({error}). On macOS only a signed build may show notifications; see the README.',
  ja: 'Onair は通知を表示できませんでした（{error}）。macOS では署名済みのビルドだけが通知を表示できます。README を参照してください。'
}

const NOTIFICATIONS_OFF = {
  en: 'Onair could not show a notification ({error}). Turn on notifications for Onair in System Settings → Notifications.',
  ja: 'Onair は通知を表示できませんでした（{error}）。システム設定 → 通知 で Onair の通知をオンにしてください。'
}

/**
 * A notification the system refused: every time in the log, once per run in the window (one
 * failure is usually all of them). `signedMac`: a Developer ID signed macOS build, whose refusal can
 * only be the user's setting (mac-signature.ts).
 */
export function notificationFailedNotice(
  log: AppLog,
  say: (message: LocalizedText) => void,
  signedMac: () => boolean = () => false
) {
  let shown = false
  return (error: string, n: NativeNotification): void => {
    log.write('error', `notification "${n.id}" was not shown: ${error}`)
    if (shown) return
    shown = true
    const fill = (text: string): string => text.replace('{error}', error)
    const text = signedMac() ? NOTIFICATIONS_OFF : NOTIFICATIONS_FAILED
    say({ en: fill(text.en), ja: fill(text.ja) })
  }
}
