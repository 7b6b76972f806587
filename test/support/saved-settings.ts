import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { documentText } from '../../src/main/core/store/document-backend'
import { SettingsSchema, type SettingsInput } from '../../src/shared/settings'

/**
 * settings.json as the app saves it: the whole document, every default filled in (the settings
 * store writes what the schema made of its input). A restarted `onair run` takes such a file from
 * its receipt without zod once one process validated it (core/reminders-from-receipts.ts); a
 * partial file is validated every time, as a hand-edited one is.
 */
export function saveSettings(dataDir: string, settings: SettingsInput): void {
  writeFileSync(join(dataDir, 'settings.json'), documentText(SettingsSchema.parse(settings)))
}
