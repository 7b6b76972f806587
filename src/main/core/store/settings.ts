import { join } from 'node:path'
import { defaultSettings, SettingsSchema, type Settings } from '../../../shared/settings'
import { jsonFileStore, type CorruptFileReport, type DocumentStore } from './json-file'

export const SETTINGS_FILE = 'settings.json'

/** Settings survive sign-out and corrupt files (they fall back to defaults, the file kept aside). */
export function settingsFileStore(
  dataDir: string,
  onCorrupt?: (r: CorruptFileReport) => void
): DocumentStore<Settings> {
  return jsonFileStore({
    path: join(dataDir, SETTINGS_FILE),
    schema: SettingsSchema,
    defaults: defaultSettings,
    onCorrupt
  })
}
