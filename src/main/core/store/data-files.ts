import { homedir } from 'node:os'
import { join } from 'node:path'

/** Where the data folder is (data-dir.ts), for the app and the command line alike. */
export { appDataDir, dataDirFor } from './data-dir'

/**
 * Every file Onair keeps in its data folder, in one table: its name, what it holds, who writes it
 * (the app, `onair run` and the short `onair` commands share one folder), and whether signing out
 * deletes it. Each store opens its file through `dataFile`, and the sign-out wipe reads the table,
 * so a new file is one row here and cannot be forgotten by either.
 */
export const DATA_FILES = {
  settings: { name: 'settings.json', holds: 'settings', writers: 'app, CLI (config)', atSignOut: 'kept' },
  session: { name: 'session.json', holds: 'who is signed in', writers: 'app, CLI (sign-in)', atSignOut: 'kept' },
  // Only where the user chose it (secrets.storage = file; else the OS credential store holds them).
  // The session revokes and forgets its token at sign-out.
  secrets: { name: 'secrets.json', holds: 'secrets, unencrypted (chosen)', writers: 'app, CLI', atSignOut: 'kept' },
  schedule: { name: 'schedule.json', holds: 'the cached schedule', writers: 'poll', atSignOut: 'deleted' },
  ledger: { name: 'ledger.json', holds: 'reminders delivered', writers: 'reminder holder', atSignOut: 'deleted' },
  snoozes: { name: 'snoozes.json', holds: 'snoozed reminders', writers: 'app, CLI', atSignOut: 'deleted' },
  history: {
    name: 'reminder-history.json',
    holds: 'what became of reminders',
    writers: 'app, run',
    atSignOut: 'deleted'
  },
  premieres: {
    name: 'premieres.json',
    holds: 'premieres already announced',
    writers: 'reminder holder',
    atSignOut: 'deleted'
  },
  inbox: { name: 'inbox.json', holds: 'wiki notifications, seen set', writers: 'app, CLI', atSignOut: 'deleted' },
  // Kept unless the user chose to discard them: they are sent after the next sign-in.
  outbox: { name: 'outbox.json', holds: 'records waiting to be sent', writers: 'app, CLI', atSignOut: 'asked' },
  webhook: { name: 'inbox-webhook.json', holds: 'the webhook secret and port', writers: 'app, run', atSignOut: 'kept' },
  feed: {
    name: 'calendar-feed.json',
    holds: 'the calendar address',
    writers: 'app, CLI (calendar)',
    atSignOut: 'kept'
  },
  holder: {
    name: 'reminders-holder.json',
    holds: 'who serves the reminders',
    writers: 'reminder holder',
    atSignOut: 'kept'
  },
  desktopEntryTold: {
    name: 'desktop-entry-told.txt',
    holds: 'the copy told it has no desktop entry',
    writers: 'app',
    atSignOut: 'kept'
  },
  // A folder, not a document: proper-lockfile's lock, kept fresh while a process holds it.
  hold: { name: 'reminders.lock', holds: 'the hold on the reminders', writers: 'reminder holder', atSignOut: 'kept' }
} as const

export type DataFile = keyof typeof DATA_FILES

/** The path of one of the data folder's files. */
export function dataFile(dataDir: string, file: DataFile): string {
  return join(dataDir, DATA_FILES[file].name)
}

/**
 * What may sit beside a file of the table, named after it: the cross-process lock of a
 * transaction (a folder) and the note of who holds it (file-lock.ts), and a copy that could not
 * be read, moved aside at the time it was found (json-file.ts).
 */
export const lockOf = (path: string): string => `${path}.lock`
export const lockOwnerOf = (path: string): string => `${path}.lock-owner`
export const movedAsideTo = (path: string, at: number): string => `${path}.corrupt-${at}`
/** What names a temporary file of an atomic write (atomic-write.ts), and of a killed one (orphan-temps.ts). */
export const TEMP_MARK = '.tmp-'

/** The app's log (shell/log.ts): full, it moves to `old` and starts again. */
export const APP_LOG = { name: 'main.log', old: 'main.old.log' } as const

/**
 * Where the app writes its log (Electron's `logs` folder, which the shell asks for): `logs` in the
 * data folder (the app's userData), except on macOS, where it is `~/Library/Logs/Onair`. For
 * `onair doctor`, which has no Electron to ask.
 */
export function appLogFile(dataDir: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin'
    ? join(homedir(), 'Library', 'Logs', 'Onair', APP_LOG.name)
    : join(dataDir, 'logs', APP_LOG.name)
}

/** The files signing out deletes; the outbox too when the user chose to discard it. */
export function personalDataFiles(discardOutbox: boolean): DataFile[] {
  return (Object.keys(DATA_FILES) as DataFile[]).filter((f) => {
    const when = DATA_FILES[f].atSignOut
    return when === 'deleted' || (when === 'asked' && discardOutbox)
  })
}
