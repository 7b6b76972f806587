import { homedir } from 'node:os'
import { join } from 'node:path'

/** Where the data folder is (data-dir.ts), for the app and the command line alike. */
export { appDataDir, dataDirFor } from './data-dir'

/**
 * What Onair keeps in its data folder. The shared state is one SQLite database (database.ts), a
 * document per row: `account` documents belong to the signed-in user (service address + user id)
 * and are never shown to, sent for or deleted by another; `folder` documents belong to the folder.
 * Signing out deletes the user's documents that say `deleted` (the outbox only when the user
 * chose to discard it), so a new document is one row here and cannot be forgotten by the wipe.
 */
export const DOCUMENTS = {
  session: { holds: 'who is signed in', scope: 'folder', atSignOut: 'kept' },
  schedule: { holds: 'the cached schedule', scope: 'account', atSignOut: 'deleted' },
  catchUp: { holds: 'aired episodes not recorded', scope: 'account', atSignOut: 'deleted' },
  ledger: { holds: 'reminders delivered', scope: 'account', atSignOut: 'deleted' },
  snoozes: { holds: 'snoozed reminders', scope: 'account', atSignOut: 'deleted' },
  history: { holds: 'what became of reminders', scope: 'account', atSignOut: 'deleted' },
  premieres: { holds: 'premieres already announced', scope: 'account', atSignOut: 'deleted' },
  inbox: { holds: 'wiki notifications, seen set', scope: 'account', atSignOut: 'deleted' },
  // Kept unless the user chose to discard them: they are sent after that user's next sign-in.
  outbox: { holds: 'records waiting to be sent', scope: 'account', atSignOut: 'asked' },
  webhook: { holds: 'the webhook secret and port', scope: 'folder', atSignOut: 'kept' },
  feed: { holds: 'the calendar address', scope: 'folder', atSignOut: 'kept' },
  holder: { holds: 'who serves the reminders', scope: 'folder', atSignOut: 'kept' }
} as const

export type DocumentName = keyof typeof DOCUMENTS

/** The user's documents signing out deletes; the outbox too when the user chose to discard it. */
export function personalDocuments(discardOutbox: boolean): DocumentName[] {
  return (Object.keys(DOCUMENTS) as DocumentName[]).filter((d) => {
    const when = DOCUMENTS[d].atSignOut
    return when === 'deleted' || (when === 'asked' && discardOutbox)
  })
}

/**
 * The files beside the database: the user's settings, the reminders' hold, the app's own note, and
 * the secrets where the user chose a plain file (else the OS credential store holds them, and the
 * session forgets its token there at sign-out).
 */
export const DATA_FILES = {
  settings: { name: 'settings.json', holds: 'settings (electron-store in the app, edited by onair config)' },
  secrets: { name: 'secrets.json', holds: 'secrets, unencrypted, where chosen (secrets.storage = file)' },
  database: { name: 'onair.db', holds: 'the shared state (database.ts)' },
  // A database only ever locked, never written: who serves the reminders (reminder-hold.ts).
  hold: { name: 'reminders.hold', holds: 'the hold on the reminders' },
  desktopEntryTold: { name: 'desktop-entry-told.txt', holds: 'the copy told it has no desktop entry' }
} as const

export type DataFile = keyof typeof DATA_FILES

/** The path of one of the data folder's files. */
export function dataFile(dataDir: string, file: DataFile): string {
  return join(dataDir, DATA_FILES[file].name)
}

export const databaseFile = (dataDir: string): string => dataFile(dataDir, 'database')
/** Where a database that could not be used is moved aside, at the time it was found. */
export const damagedCopyOf = (path: string, at: number): string => `${path}.damaged-${at}`

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
