import { defaultSettings, SettingsSchema, type Settings } from '../../../shared/settings'
import { jsonFileStore, type CorruptFileReport, type DocumentStore } from './json-file'
import { dataFile } from './data-files'

/** Settings survive sign-out and corrupt files (they fall back to defaults, the file kept aside). */
export function settingsFileStore(
  dataDir: string,
  onCorrupt?: (r: CorruptFileReport) => void
): DocumentStore<Settings> {
  return jsonFileStore({
    path: dataFile(dataDir, 'settings'),
    schema: SettingsSchema,
    defaults: defaultSettings,
    onCorrupt,
    lossNote: {
      en: 'Your settings are back to their defaults: set them again in Settings (or with onair config).',
      ja: '設定は初期値に戻りました。設定画面（または onair config）でもう一度設定してください。'
    }
  })
}
