import { renameSync } from 'node:fs'
import { defaultSettings, SettingsSchema, type Settings } from '../../../shared/settings'
import { systemClock } from '../clock'
import { folderDatabase } from './database'
import { DATA_FILES, dataFile } from './data-files'
import type { CorruptFileReport } from './database'
import { schemaMisfit, type DocumentStore } from './document'
import { ABSENT, processBackend, UnreadableDocumentError, type DocumentBackend } from './document-backend'
import { ownFileStats } from './own-file'
import { injectedWriteFault } from './write-fault'

const LOSS = {
  en: 'Your settings are back to their defaults: set them again in Settings (or with onair config).',
  ja: '設定は初期値に戻りました。設定画面（または onair config）でもう一度設定してください。'
}

/**
 * settings.json: the one file of the folder a user may read and edit, kept by electron-store in
 * the app and read and written as the same file by the command line (document-backend.ts). A
 * change is read, applied and written while this process holds the folder database's write lock
 * (database.ts), so the app and `onair config` never overwrite each other's change; the file
 * itself is replaced atomically. A file that no longer parses is moved aside (never deleted) and
 * the settings fall back to their defaults. Settings survive sign-out.
 */
export function settingsFileStore(
  dataDir: string,
  onCorrupt?: (r: CorruptFileReport) => void,
  backend: DocumentBackend = processBackend()
): DocumentStore<Settings> {
  const path = dataFile(dataDir, 'settings')
  const file = backend.open(path, 0o600)
  const folder = folderDatabase(dataDir)

  type Loaded = { ok: true; value: Settings } | { ok: false; reason: string }
  const load = (): Loaded => {
    // Never through a link, never another user's file (own-file.ts).
    if (!ownFileStats(path)) return { ok: true, value: defaultSettings() }
    let raw: unknown
    try {
      raw = file.read()
    } catch (e) {
      if (e instanceof UnreadableDocumentError) return { ok: false, reason: e.message }
      throw e
    }
    if (raw === ABSENT) return { ok: true, value: defaultSettings() }
    const parsed = SettingsSchema.safeParse(raw, { jitless: true })
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: schemaMisfit(parsed.error) }
  }

  /** Under the lock: the settings, a damaged file moved aside first (only if it is still the bad one). */
  const loadLocked = (): Settings => {
    const loaded = load()
    if (loaded.ok) return loaded.value
    const movedTo = `${path}.corrupt-${systemClock.now()}`
    renameSync(path, movedTo)
    onCorrupt?.({ path, movedTo, reason: loaded.reason, consequence: LOSS })
    return defaultSettings()
  }

  const save = (next: Settings): void => {
    injectedWriteFault(DATA_FILES.settings.name, path)
    ownFileStats(path)
    file.write(next)
  }

  return {
    read() {
      const loaded = load()
      return loaded.ok ? loaded.value : folder.transaction(loadLocked)
    },
    write: (next) => folder.transaction(() => save(next)),
    update: (fn) =>
      folder.transaction(() => {
        const next = fn(loadLocked())
        save(next)
        return next
      })
  }
}
