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
import { takeFileLock } from './store/file-lock'
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

/** The delivery from receipts, serving until the full start takes over. */
export interface ReceiptReminders {
  /**
   * Stops its timer and lets the files go: called in the same turn as the full start's first plan
   * (serveFolderFirst), so no reminder falls between the two and none is planned by both.
   */
  handOver(): void
}

/**
 * What fell due while no daemon served the folder, delivered by a restarted `onair run` as soon as
 * it holds the folder: from the saved files as their receipts vouch for them (vouched-file.ts),
 * through the same planner, scheduler and delivery as every reminder, before zod, conf and the
 * rest of the daemon are loaded (issue 25.3; BENCHMARKS.md). It keeps serving, a reminder falling
 * due on its timer, until `handOver`.
 *
 * Null, having changed nothing, when a file is not vouched for (written by another version, edited
 * by hand, or by a process killed before its receipt): the daemon's full start then delivers it
 * all from validated files (folder-reminders.ts), as it does whatever falls due after `handOver`.
 *
 * The caller holds the folder, so no other process writes the ledger. The files another process
 * may change (the snoozes: the app or a command snoozes; the history) stay locked until
 * `handOver`, so what this read is what it changes; the others are read once, at the start.
 */
export function deliverFromReceipts(
  deps: RemindersFromReceiptsDeps,
  listener: (event: ReminderEvent) => void
): ReceiptReminders | null {
  const file = dataFile.bind(null, deps.dataDir)
  const ledger = vouchedFileStore(file('ledger'), emptyLedger)
  const snoozes = vouchedFileStore(file('snoozes'), emptySnoozes)
  const history = vouchedFileStore(file('history'), emptyHistory)
  const locks = [takeFileLock(file('snoozes'))]
  let released = false
  const release = (): void => {
    if (released) return
    released = true
    for (const unlock of [...locks].reverse()) unlock()
  }
  let delivery
  try {
    locks.push(takeFileLock(file('history')))
    const saved = {
      schedule: vouchedFileStore(file('schedule'), emptySchedule).read(),
      recorded: watchedEpisodes(vouchedFileStore(file('outbox'), emptyOutbox).read())
    }
    for (const store of [ledger, snoozes, history]) store.read()
    delivery = openReminderDelivery(
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
  } catch (e) {
    release()
    if (e instanceof UnvouchedFileError) return null
    throw e
  }
  delivery.onChange(listener)
  const handOver = (): void => {
    delivery.scheduler.stop()
    release()
  }
  try {
    delivery.planSaved()
  } catch (e) {
    handOver()
    throw e
  }
  return { handOver }
}
