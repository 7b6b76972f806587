import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'
import { arch, release } from 'node:os'
import type { Locale, LocalizedText } from '../../../shared/locale'
import { SECRET_NAMES, type Secrets } from '../auth/secrets'
import { feedFileStore } from '../calendar/address'
import { outboxFileStore } from '../records/store'
import { historyFile, ledgerFile } from '../reminders/files'
import { scheduleFileStore } from '../programs/schedule-file'
import { countOutcomes, HISTORY_KEEP_MS } from '../reminders/history'
import { databaseHealth } from '../store/database-health'
import { currentHolder } from '../folder-hold/folder-lock'
import type { CorruptFileReport } from '../store/database'
import { settingsFileStore } from '../store/settings'
import { diagnosticsReport, LOG_LINES, type DiagnosticsFacts } from './report'

/**
 * Gathers the facts of report.ts from the data folder, reading only (no file is created or
 * changed), and writes the report. The app (Copy diagnostics) and `onair doctor` call this with
 * what only they know: their versions, the system's language, where the app's log is, and the
 * secrets store and environment values to keep out of it.
 */
export interface DiagnosticsSource {
  dataDir: string
  now: number
  versions: Record<string, string>
  systemLocale: string
  locale: Locale
  logFile: string
  secrets: Secrets
  /** Why the secrets could not be read just now (locked, unreachable), when that is so. */
  secretsTrouble?: LocalizedText
  /** Secrets that are not in the store: the environment's client secret and wiki token. */
  moreSecrets?: ReadonlyArray<string | undefined>
  onCorrupt?: (report: CorruptFileReport) => void
}

export function diagnostics(src: DiagnosticsSource): string {
  const { dataDir, now, onCorrupt } = src
  const settings = settingsFileStore(dataDir, onCorrupt).read()
  const outbox = outboxFileStore(dataDir, onCorrupt).read()
  const byState: Record<string, number> = {}
  for (const e of outbox.entries) byState[e.state] = (byState[e.state] ?? 0) + 1
  const history = historyFile(dataDir, onCorrupt).read()
  const facts: DiagnosticsFacts = {
    now,
    versions: src.versions,
    os: `${process.platform} ${release()} ${arch()}`,
    locale: { chosen: settings.ui.locale, system: src.systemLocale },
    timeZone: settings.reminders.timeZone ?? `${Intl.DateTimeFormat().resolvedOptions().timeZone} (system)`,
    dataDir,
    secrets: src.secretsTrouble
      ? {
          en: `${src.secrets.describe().en} Not readable now: ${src.secretsTrouble.en}`,
          ja: `${src.secrets.describe().ja} 現在読めません: ${src.secretsTrouble.ja}`
        }
      : src.secrets.describe(),
    database: databaseHealth(dataDir),
    holder: currentHolder(dataDir),
    servedAt: ledgerFile(dataDir, onCorrupt).servedAt(),
    lastPoll: scheduleFileStore(dataDir, onCorrupt).read().fetchedAt,
    outbox: { ...byState, recent: outbox.recent.length },
    history: { day: countOutcomes(history, now - 24 * 3_600_000), week: countOutcomes(history, now - HISTORY_KEEP_MS) },
    log: logTail(src.logFile)
  }
  const secrets = [
    ...SECRET_NAMES.map((name) => src.secrets.get(name)?.value),
    ...(src.moreSecrets ?? []),
    feedFileStore(dataDir, onCorrupt).read().secret
  ].filter((s): s is string => typeof s === 'string' && s !== '')
  return diagnosticsReport(facts, src.locale, secrets)
}

/** Enough bytes for 50 lines of stack traces; never read through a link (like every file Onair reads). */
const TAIL_BYTES = 64 * 1024

function logTail(path: string): DiagnosticsFacts['log'] {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
  } catch (e) {
    return { path, missing: (e as NodeJS.ErrnoException).code ?? String(e) }
  }
  try {
    const size = fstatSync(fd).size
    const length = Math.min(size, TAIL_BYTES)
    const buffer = Buffer.alloc(length)
    readSync(fd, buffer, 0, length, size - length)
    const lines = buffer
      .toString('utf8')
      .split('\n')
      .filter((l) => l !== '')
    // A cut first line is half a line: dropped unless the whole file was read.
    return { path, lines: (length < size ? lines.slice(1) : lines).slice(-LOG_LINES) }
  } finally {
    closeSync(fd)
  }
}
