import type { Locale } from '../../shared/locale'
import type { Settings } from '../../shared/settings'
import type { Clock } from './clock'
import type { Notifier } from './notify'
import { emptyOutbox } from './records/empty-outbox'
import { watchedEpisodes } from './records/watched-episodes'
import { emptySchedule } from './schedule/empty-schedule'
import { emptyHistory, historyOver } from './schedule/history'
import { emptyLedger, ledgerOver } from './schedule/ledger'
import { memoryPremieres } from './schedule/premieres'
import { openReminderDelivery, type ReminderEvent } from './schedule/reminder-delivery'
import { emptySnoozes, snoozesOver } from './schedule/snoozes'
import { dataFile } from './store/data-files'
import { withFileLock } from './store/file-lock'
import { memoryStore } from './store/json-file'
import { UnvouchedFileError, vouchedFileStore } from './store/vouched-file'

export interface RemindersFromReceiptsDeps {
  dataDir: string
  clock: Clock
  notifier: Notifier
  locale: () => Locale
  /** The settings as this process sees them. */
  settings: Settings
  onError?: (error: unknown) => void
}

/**
 * What fell due while no daemon served the folder, delivered by a restarted `onair run` as soon as
 * it holds the folder: from the saved files as their receipts vouch for them (vouched-file.ts),
 * through the same planner, scheduler and delivery as every reminder, before zod, conf and the
 * rest of the daemon are loaded (~30 ms of a 50 ms goal, issue 25.3; BENCHMARKS.md).
 *
 * Returns false, having changed nothing, when a file is not vouched for (written by another
 * version, edited by hand, or by a process killed before its receipt): the daemon's full start
 * then delivers it all from validated files (folder-reminders.ts), as it would anyway for
 * whatever this leaves. It arms no timer: what falls due from now on is the full start's.
 *
 * The caller holds the folder, so no other process writes the ledger. The files another process
 * may change meanwhile stay locked until the delivery is recorded (the snoozes: the app or a
 * command snoozes; the history); the others are read once, as they are at the start.
 */
export function deliverFromReceipts(
  deps: RemindersFromReceiptsDeps,
  listener: (event: ReminderEvent) => void
): boolean {
  const file = dataFile.bind(null, deps.dataDir)
  const ledger = vouchedFileStore(file('ledger'), emptyLedger)
  const snoozes = vouchedFileStore(file('snoozes'), emptySnoozes)
  const history = vouchedFileStore(file('history'), emptyHistory)
  return withFileLock(file('snoozes'), () =>
    withFileLock(file('history'), () => {
      let saved
      try {
        saved = {
          schedule: vouchedFileStore(file('schedule'), emptySchedule).read(),
          recorded: watchedEpisodes(vouchedFileStore(file('outbox'), emptyOutbox).read())
        }
        for (const store of [ledger, snoozes, history]) store.read()
      } catch (e) {
        if (e instanceof UnvouchedFileError) return false
        throw e
      }
      const delivery = openReminderDelivery(
        {
          clock: deps.clock,
          settings: () => deps.settings,
          notifier: deps.notifier,
          locale: deps.locale,
          recorded: () => saved.recorded,
          onError: deps.onError
        },
        {
          cache: memoryStore(saved.schedule),
          ledger: ledgerOver(ledger),
          snoozes: snoozesOver(snoozes),
          history: historyOver(history),
          // Premieres are announced after a poll, by the full start.
          premieres: memoryPremieres()
        }
      )
      delivery.onChange(listener)
      try {
        delivery.planSaved()
      } finally {
        delivery.scheduler.stop()
      }
      return true
    })
  )
}
