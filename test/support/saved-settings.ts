import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { documentText } from '../../src/main/core/store/document-backend'
import { SettingsSchema, type SettingsInput } from '../../src/shared/settings'

/**
 * settings.json as the app saves it: the whole document, every default filled in (the settings
 * store writes what the schema made of its input).
 */
export function saveSettings(dataDir: string, settings: SettingsInput): void {
  writeFileSync(join(dataDir, 'settings.json'), documentText(SettingsSchema.parse(settings)))
}
