import type { Locale } from '../../../shared/locale'
import type { Settings } from '../../../shared/settings'
import type { Clock } from '../clock'
import type { Notifier } from '../notify'
import { outboxFileStore } from '../records/store'
import { watchedEpisodes } from '../records/watched-episodes'
import { reminderStores } from './files'
import { openReminderDelivery, type ReminderDelivery, type ReminderEvent } from './reminder-delivery'
import type { FolderHold } from '../folder-hold/folder-lock'
import { DocumentStore } from '../store/document'
import type { CorruptFileReport } from '../store/database'

/**
 * A data folder's reminders as far as they go without the account: from the saved files (the
 * settings, schedule.json, the ledger, the snoozes, the history, the outbox's watched records) to
 * the notification. services.ts composes the reminder service from them; `onair run` opens them
 * first (`serveFolderFirst`), so a restarted daemon delivers what fell due meanwhile before it
 * loads and builds the account, the HTTP client, the inbox and the calendar. This file imports
 * none of those.
 */
export interface FolderRemindersDeps {
  dataDir: string
  clock: Clock
  notifier: Notifier
  locale: () => Locale
  settings: DocumentStore<Settings>
  onError?: (error: unknown) => void
  onCorrupt?: (report: CorruptFileReport) => void
}

export function folderReminders(deps: FolderRemindersDeps): ReminderDelivery {
  const outbox = outboxFileStore(deps.dataDir, deps.onCorrupt)
  return openReminderDelivery(
    {
      clock: deps.clock,
      notifier: deps.notifier,
      locale: deps.locale,
      settings: () => deps.settings.read(),
      // A Watched from anywhere (the window, `onair record`, a link) is in the outbox: no repeats.
      recorded: () => watchedEpisodes(outbox.read()),
      onError: deps.onError,
      onCorrupt: deps.onCorrupt
    },
    reminderStores(deps.dataDir, deps.onCorrupt)
  )
}

/** What `serveFolderFirst` hands to `openAppServices` (its `first`): the reminders and the folder's hold. */
export interface ServedFirst {
  delivery: ReminderDelivery
  hold: FolderHold
}

/**
 * On the folder `hold` took (folder-hold/folder-lock.ts): delivers what is due from the saved files,
 * told to `listener` (`onair run`'s lines) as every later reminder is.
 */
export function serveFolderFirst(
  deps: FolderRemindersDeps,
  hold: FolderHold,
  listener: (event: ReminderEvent) => void
): ServedFirst {
  const delivery = folderReminders(deps)
  delivery.onChange(listener)
  delivery.planSaved()
  return { delivery, hold }
}
