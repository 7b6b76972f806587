import type { ScheduleCache } from '../../../shared/schedule'
import { jsonFileStore, type CorruptFileReport, type DocumentStore } from '../store/json-file'
import { emptyHistory, HistoryDoc, historyOver, type ReminderHistory } from './history'
import { emptyLedger, LedgerDoc, ledgerOver, type Ledger } from './ledger'
import { emptyPremieres, PremieresDoc, premieresOver, type Premieres } from './premieres'
import { emptySnoozes, SnoozesDoc, snoozesOver, type Snoozes } from './snoozes'
import { dataFile } from '../store/data-files'
import { scheduleFileStore } from './schedule-file'

// The reminders' five files (store/data-files.ts names them; signing out deletes all five);
// schedule.json's store is schedule-file.ts, which `onair upcoming --from-cache` reads alone.

/**
 * The delivered ledger on disk, shared by every process of the folder (see ledgerOver). A file
 * that cannot be read is moved aside and reported like any other: a silently emptied ledger would
 * repeat every reminder of the day.
 */
export function ledgerFile(dataDir: string, onCorrupt?: (r: CorruptFileReport) => void): Ledger {
  return ledgerOver(
    jsonFileStore({
      path: dataFile(dataDir, 'ledger'),
      schema: LedgerDoc,
      defaults: emptyLedger,
      onCorrupt,
      lossNote: {
        en: 'A reminder already shown may be shown once more.',
        ja: 'すでに表示したリマインダーがもう一度表示されることがあります。'
      }
    })
  )
}

/** The snoozed reminders, shared like the ledger: the app may snooze while `onair run` delivers. */
export function snoozesFile(dataDir: string, onCorrupt?: (r: CorruptFileReport) => void): Snoozes {
  return snoozesOver(
    jsonFileStore({
      path: dataFile(dataDir, 'snoozes'),
      schema: SnoozesDoc,
      defaults: emptySnoozes,
      onCorrupt,
      lossNote: {
        en: 'Snoozed reminders will not come back: snooze them again if you still want them.',
        ja: 'スヌーズしたリマインダーは再通知されません。必要ならもう一度スヌーズしてください。'
      }
    })
  )
}

/** What became of each reminder this week (history.ts), written by whichever process it happened in. */
export function historyFile(dataDir: string, onCorrupt?: (r: CorruptFileReport) => void): ReminderHistory {
  return historyOver(
    jsonFileStore({
      path: dataFile(dataDir, 'history'),
      schema: HistoryDoc,
      defaults: emptyHistory,
      onCorrupt,
      lossNote: {
        en: 'The list of past reminders starts again; a "don\'t let me miss it" reminder you already acted on may repeat once more.',
        ja: '過去のリマインダーの一覧は空から始まります。対応済みの「見逃し防止」のリマインダーがもう一度表示されることがあります。'
      }
    })
  )
}

/** The works whose premiere was announced (premieres.ts), so no process announces one twice. */
export function premieresFile(dataDir: string, onCorrupt?: (r: CorruptFileReport) => void): Premieres {
  return premieresOver(
    jsonFileStore({
      path: dataFile(dataDir, 'premieres'),
      schema: PremieresDoc,
      defaults: emptyPremieres,
      onCorrupt,
      lossNote: {
        en: 'A premiere already announced may be announced once more.',
        ja: 'すでに知らせた初回放送がもう一度通知されることがあります。'
      }
    })
  )
}

/** The stores of the reminder service. */
export interface ReminderStores {
  cache: DocumentStore<ScheduleCache>
  ledger: Ledger
  snoozes: Snoozes
  history: ReminderHistory
  premieres: Premieres
}

/** The service's stores: the files of `dataDir`. */
export function reminderStores(dataDir: string, onCorrupt?: (r: CorruptFileReport) => void): ReminderStores {
  return {
    cache: scheduleFileStore(dataDir, onCorrupt),
    ledger: ledgerFile(dataDir, onCorrupt),
    snoozes: snoozesFile(dataDir, onCorrupt),
    history: historyFile(dataDir, onCorrupt),
    premieres: premieresFile(dataDir, onCorrupt)
  }
}
