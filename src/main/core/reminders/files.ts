import type { z } from 'zod'
import type { LocalizedText } from '../../../shared/locale'
import type { ScheduleCache } from '../../../shared/schedule'
import { folderDocument, type DocumentStore } from '../store/document'
import type { CorruptFileReport } from '../store/database'
import { emptyHistory, HistoryDoc, historyOver, type ReminderHistory } from './history'
import { emptyLedger, LedgerDoc, ledgerOver, type Ledger } from './ledger'
import { emptyPremieres, PremieresDoc, premieresOver, type Premieres } from './premieres'
import { emptySnoozes, SnoozesDoc, snoozesOver, type Snoozes } from './snoozes'
import { scheduleFileStore } from '../programs/schedule-file'

// The reminders' five files (store/data-files.ts names them; signing out deletes all five);
// schedule.json's store is schedule-file.ts, which `onair upcoming --from-cache` reads alone.

type OnCorrupt = (r: CorruptFileReport) => void

/** What the user loses when one of these files cannot be read and is moved aside. */
const LOSS = {
  ledger: {
    en: 'A reminder already shown may be shown once more.',
    ja: 'すでに表示したリマインダーがもう一度表示されることがあります。'
  },
  snoozes: {
    en: 'Snoozed reminders will not come back: snooze them again if you still want them.',
    ja: 'スヌーズしたリマインダーは再通知されません。必要ならもう一度スヌーズしてください。'
  },
  history: {
    en: 'The list of past reminders starts again; a "don\'t let me miss it" reminder you already acted on may repeat once more.',
    ja: '過去のリマインダーの一覧は空から始まります。対応済みの「見逃し防止」のリマインダーがもう一度表示されることがあります。'
  },
  premieres: {
    en: 'A premiere already announced may be announced once more.',
    ja: 'すでに知らせた初回放送がもう一度通知されることがあります。'
  }
} satisfies Record<string, LocalizedText>

/** One of these files, moved aside and reported like any other when unreadable. */
const reminderFile = <S extends z.ZodType>(
  dataDir: string,
  file: keyof typeof LOSS,
  schema: S,
  defaults: () => z.output<S>,
  onCorrupt?: OnCorrupt
) => folderDocument({ dataDir, name: file, schema, defaults, onCorrupt, lossNote: LOSS[file] })

/**
 * The delivered ledger on disk, shared by every process of the folder (see ledgerOver); a
 * silently emptied ledger would repeat every reminder of the day.
 */
export const ledgerFile = (dataDir: string, onCorrupt?: OnCorrupt): Ledger =>
  ledgerOver(reminderFile(dataDir, 'ledger', LedgerDoc, emptyLedger, onCorrupt))

/** The snoozed reminders, shared like the ledger: the app may snooze while `onair run` delivers. */
export const snoozesFile = (dataDir: string, onCorrupt?: OnCorrupt): Snoozes =>
  snoozesOver(reminderFile(dataDir, 'snoozes', SnoozesDoc, emptySnoozes, onCorrupt))

/** What became of each reminder this week (history.ts), written by whichever process it happened in. */
export const historyFile = (dataDir: string, onCorrupt?: OnCorrupt): ReminderHistory =>
  historyOver(reminderFile(dataDir, 'history', HistoryDoc, emptyHistory, onCorrupt))

/** The works whose premiere was announced (premieres.ts), so no process announces one twice. */
export const premieresFile = (dataDir: string, onCorrupt?: OnCorrupt): Premieres =>
  premieresOver(reminderFile(dataDir, 'premieres', PremieresDoc, emptyPremieres, onCorrupt))

/** The stores of the reminder service. */
export interface ReminderStores {
  cache: DocumentStore<ScheduleCache>
  ledger: Ledger
  snoozes: Snoozes
  history: ReminderHistory
  premieres: Premieres
}

/** The service's stores: the files of `dataDir`. */
export function reminderStores(dataDir: string, onCorrupt?: OnCorrupt): ReminderStores {
  return {
    cache: scheduleFileStore(dataDir, onCorrupt),
    ledger: ledgerFile(dataDir, onCorrupt),
    snoozes: snoozesFile(dataDir, onCorrupt),
    history: historyFile(dataDir, onCorrupt),
    premieres: premieresFile(dataDir, onCorrupt)
  }
}
